//! /mentions_legales (and /mention_legales): the legal notices of the LCEN.
import { Page } from '@/components/ui/page';
import { LegalDocument } from '../components/legal-document';
import { LEGAL_NOTICE } from '../data/legal/legal-notice';

export default function LegalNoticePage() {
  return (
    <Page title="Mentions légales" lead="Informations prévues par l’article 6 de la loi pour la confiance dans l’économie numérique.">
      <LegalDocument sections={LEGAL_NOTICE} updated="22 novembre 2026" />
    </Page>
  );
}
