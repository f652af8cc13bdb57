//! Mentions légales (LCEN, art. 6), filled from the company configuration.
import { COMPANY } from '@/config/company';
import { deepFr } from '@/lib/typography';
import type { LegalSection } from './types';

export const LEGAL_NOTICE: LegalSection[] = deepFr([
  {
    heading: 'Éditeur du site',
    paragraphs: [`Le site ${COMPANY.brand} est édité par :`],
    items: [
      `Dénomination sociale : ${COMPANY.legalName}`,
      `Forme juridique : ${COMPANY.legalForm}, au capital social de ${COMPANY.shareCapital}`,
      `Siège social : ${COMPANY.address}`,
      `Immatriculation : ${COMPANY.rcs}`,
      `SIRET : ${COMPANY.siret}`,
      `Numéro de TVA intracommunautaire : ${COMPANY.vatNumber}`,
      `Adresse électronique : ${COMPANY.email}`,
      `Téléphone : ${COMPANY.phone}`,
    ],
  },
  { heading: 'Directeur de la publication', paragraphs: [`${COMPANY.director}.`] },
  {
    heading: 'Hébergement',
    paragraphs: ['Le site est hébergé par :'],
    items: [`${COMPANY.host.name}`, `Adresse : ${COMPANY.host.address}`, `Téléphone : ${COMPANY.host.phone}`],
  },
  {
    heading: 'Propriété intellectuelle',
    paragraphs: [
      `L'ensemble des contenus du site (textes, visuels, logos, logiciels) est la propriété de ${COMPANY.brand} ou de ses partenaires et est protégé par le Code de la propriété intellectuelle. Toute reproduction sans autorisation écrite est interdite.`,
      "Les fichiers 3D que vous déposez restent votre propriété exclusive. Ils ne sont utilisés que pour établir votre devis et fabriquer vos pièces.",
    ],
  },
  {
    heading: 'Données personnelles et cookies',
    paragraphs: ['Le traitement de vos données personnelles et les cookies utilisés par le site sont décrits dans la charte de confidentialité.'],
  },
  {
    heading: 'Signalement de contenus illicites',
    paragraphs: [`Conformément à l'article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique, tout contenu illicite peut être signalé à ${COMPANY.email}.`],
  },
]);
