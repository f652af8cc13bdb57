//! The generic pages served by the /{slug} catch-all: a few short, linkable pages.
import { deepFr } from '@/lib/typography';

export interface GenericPage {
  title: string;
  lead: string;
  paragraphs: string[];
  links: { to: string; label: string }[];
}

export const GENERIC_PAGES: Record<string, GenericPage> = deepFr({
  materiaux: {
    title: 'Nos matériaux',
    lead: 'Onze matériaux, du prototype visuel à la pièce de vol.',
    paragraphs: [
      'Résines : standard, tenace et transparente (SLA). Polyamides : PA12, PA11 et TPU souple (SLS), PA12 et PA12 chargé billes de verre (MJF). Métaux : aluminium AlSi10Mg, acier inoxydable 316L et titane Ti6Al4V (SLM).',
      'Chaque fiche procédé détaille les propriétés et les usages de ses matériaux.',
    ],
    links: [
      { to: '/impression_3D?index=0', label: 'Résines (SLA)' },
      { to: '/impression_3D?index=1', label: 'Polyamides (SLS)' },
      { to: '/impression_3D?index=2', label: 'Polyamides (MJF)' },
      { to: '/impression_3D?index=3', label: 'Métaux (SLM)' },
    ],
  },
  livraison: {
    title: 'Livraison',
    lead: 'Des pièces expédiées avec suivi, en France et à l’international.',
    paragraphs: [
      'Les frais de port dépendent de la zone (France métropolitaine, Union européenne, reste du monde) et du poids des pièces, calculé d’après leur volume et la densité du matériau. Ils sont affichés avant le paiement.',
      'Le numéro de suivi apparaît dans votre historique de commandes dès l’expédition.',
    ],
    links: [
      { to: '/aide', label: 'Questions fréquentes' },
      { to: '/conditions_vente', label: 'Conditions générales de vente' },
    ],
  },
  tarifs: {
    title: 'Comment sont calculés nos prix',
    lead: 'Un prix transparent, identique dans votre navigateur et sur nos serveurs.',
    paragraphs: [
      'Le prix d’une pièce tient compte du volume de matière, de l’encombrement dans la machine (procédés poudre), de la hauteur de construction (SLA et SLM), des frais de préparation et des post-traitements, avec un prix minimum par pièce. Des remises de 10 % dès 10 pièces et de 25 % dès 50 pièces s’appliquent automatiquement.',
    ],
    links: [{ to: '/devis_ligne', label: 'Calculer mon prix' }],
  },
});
