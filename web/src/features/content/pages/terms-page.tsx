//! /conditions_vente: the terms of sale for consumers and professionals.
import { Page } from '@/components/ui/page';
import { LegalDocument } from '../components/legal-document';
import { TERMS } from '../data/legal/terms';

export default function TermsPage() {
  return (
    <Page title="Conditions générales de vente" lead="Applicables aux commandes des particuliers et des professionnels.">
      <LegalDocument sections={TERMS} updated="22 novembre 2026" />
    </Page>
  );
}
