//! /charte_confidentialite: the privacy charter (RGPD).
import { Page } from '@/components/ui/page';
import { LegalDocument } from '../components/legal-document';
import { PRIVACY } from '../data/legal/privacy';

export default function PrivacyPage() {
  return (
    <Page title="Charte de confidentialité" lead="Comment nous traitons vos données personnelles, et comment exercer vos droits.">
      <LegalDocument sections={PRIVACY} updated="28 novembre 2026" />
    </Page>
  );
}
