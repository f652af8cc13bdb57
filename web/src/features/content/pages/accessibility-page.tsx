//! /accessibilite: the accessibility statement (RGAA 4.1 model), linked from the footer.
import { Page } from '@/components/ui/page';
import { LegalDocument } from '../components/legal-document';
import { ACCESSIBILITY } from '../data/legal/accessibility';

export default function AccessibilityPage() {
  return (
    <Page title="Déclaration d’accessibilité" lead="Accessibilité du site : état de conformité, contenus non accessibles et voies de recours.">
      <LegalDocument sections={ACCESSIBILITY} updated="28 novembre 2026" />
    </Page>
  );
}
