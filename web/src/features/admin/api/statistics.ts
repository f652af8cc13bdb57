//! `GET Statistiques?du=&au=` (admin, docs/commerce-api.md): the shop's figures by Paris month.
import { proxy } from '@/lib/api-client';

export interface StatisticsMonth {
  mois: string;
  libelle: string;
  commandes_payees: number;
  chiffre_affaires_ht_cents: number;
  commandes_passees: number;
  devis: number;
  pieces_analysees: number;
}

export interface StatisticsShare {
  code: string;
  libelle: string;
  total_ht_cents: number;
  quantite: number;
  part_bp: number;
}

export interface Statistics {
  du: string;
  au: string;
  mois: StatisticsMonth[];
  totaux: {
    commandes_payees: number;
    chiffre_affaires_ht_cents: number;
    panier_moyen_ht_cents: number;
    commandes_passees: number;
    devis: number;
    pieces_analysees: number;
    taux_transformation_bp: number | null;
  };
  par_procede: StatisticsShare[];
  par_matiere: StatisticsShare[];
}

export interface Period {
  du: string;
  au: string;
}

export function fetchStatistics(period: Period): Promise<Statistics> {
  const query = new URLSearchParams();
  if (period.du) query.set('du', period.du);
  if (period.au) query.set('au', period.au);
  return proxy<Statistics>(`Statistiques?${query.toString()}`);
}

/** `1 234` basis points -> `12,3 %`. */
export function formatShare(bp: number): string {
  return `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0%`;
}
