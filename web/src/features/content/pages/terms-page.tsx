//! /conditions_vente: the terms of sale for consumers and professionals; the professionals' payment
//! clause states the rate and indemnity the invoices apply (`ConditionsPaiement`).
import { Page } from '@/components/ui/page';
import { LegalDocument } from '../components/legal-document';
import { terms } from '../data/legal/terms';
import { usePaymentConditions } from '@/lib/api/payment-conditions';

export default function TermsPage() {
  const conditions = usePaymentConditions().data;
  return (
    <Page title="Conditions générales de vente" lead="Applicables aux commandes des particuliers et des professionnels.">
      <LegalDocument sections={terms(conditions)} updated="28 novembre 2026" />
    </Page>
  );
}
