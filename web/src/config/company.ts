//! The company's legal identity, from build-time configuration with obviously fictitious defaults.
import { BRAND_NAME } from '@/lib/title';

const env = import.meta.env;

export const COMPANY = {
  brand: BRAND_NAME,
  legalName: env.VITE_COMPANY_LEGAL_NAME ?? `${BRAND_NAME} SAS (société fictive de démonstration)`,
  legalForm: env.VITE_COMPANY_LEGAL_FORM ?? 'Société par actions simplifiée (SAS)',
  shareCapital: env.VITE_COMPANY_SHARE_CAPITAL ?? '10 000 €',
  address: env.VITE_COMPANY_ADDRESS ?? '12 rue de l’Exemple, 69000 Lyon, France',
  rcs: env.VITE_COMPANY_RCS ?? 'RCS Lyon 000 000 000 (fictif)',
  siret: env.VITE_COMPANY_SIRET ?? '000 000 000 00000 (fictif)',
  vatNumber: env.VITE_COMPANY_VAT ?? 'FR12 000000000 (fictif)',
  email: env.VITE_COMPANY_EMAIL ?? 'contact@forme-additive.example',
  phone: env.VITE_COMPANY_PHONE ?? '+33 (0)4 00 00 00 00',
  director: env.VITE_COMPANY_DIRECTOR ?? 'Camille Exemple, présidente',
  hours: 'Du lundi au vendredi, de 9 h à 18 h',
  host: {
    name: env.VITE_HOST_NAME ?? 'Hébergeur Exemple SAS (fictif)',
    address: env.VITE_HOST_ADDRESS ?? '1 avenue des Serveurs, 75000 Paris, France',
    phone: env.VITE_HOST_PHONE ?? '+33 (0)1 00 00 00 00',
  },
  mediator: {
    name: env.VITE_MEDIATOR_NAME ?? 'Médiateur de la consommation Exemple (fictif)',
    url: env.VITE_MEDIATOR_URL ?? 'https://mediateur.example',
  },
} as const;
