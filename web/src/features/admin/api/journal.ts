//! `GET Admin/Journal?acteur=&action=&du=&au=&page=` (admin): the audit log of admin actions.
import { proxy } from '@/lib/api-client';
import type { JournalPage } from '@/lib/api-types.generated';

export type { JournalEntry, JournalPage } from '@/lib/api-types.generated';

export interface JournalFilter {
  acteur: string;
  action: string;
  du: string;
  au: string;
  page: number;
}

export function fetchJournal(filter: JournalFilter): Promise<JournalPage> {
  const query = new URLSearchParams();
  for (const key of ['acteur', 'action', 'du', 'au'] as const) {
    if (filter[key].trim()) query.set(key, filter[key].trim());
  }
  query.set('page', String(filter.page));
  return proxy<JournalPage>(`Admin/Journal?${query.toString()}`);
}

/** A state as lines `key : value` (a creation's missing state as `—`). */
export function describeState(state: unknown): string {
  if (state === null || state === undefined) return '—';
  if (typeof state !== 'object') return String(state);
  return Object.entries(state as Record<string, unknown>)
    .map(([key, value]) => `${key}\u00a0: ${value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('\n');
}
