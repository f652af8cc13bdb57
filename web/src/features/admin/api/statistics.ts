//! `GET Statistiques?du=&au=` (admin, docs/commerce-api.md): the shop's figures by Paris month.
import { proxy } from '@/lib/api-client';
import type { Statistics } from '@/lib/api-types.generated';

export type { Statistics, StatisticsMonth, StatisticsShare, StatisticsTotals } from '@/lib/api-types.generated';

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
