//! The catalog being edited: a draft changed through `edit` (a deep copy per change, so that React
//! sees a new object), and the empty numbers the page refuses to send.
import type { Catalog } from '@/wasm/types';

export type Edit = (change: (draft: Catalog) => void) => void;

/** The draft after `change`, leaving `catalog` untouched. */
export function edited(catalog: Catalog, change: (draft: Catalog) => void): Catalog {
  const copy = structuredClone(catalog);
  change(copy);
  return copy;
}

/** Paths of the numbers left empty (`processes[0].materials[1].handling_fee_cents`). */
export function emptyNumbers(value: unknown, path = ''): string[] {
  if (value === null || (typeof value === 'number' && Number.isNaN(value))) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyNumbers(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== undefined) {
    return Object.entries(value as Record<string, unknown>)
      // `express: null` means "no express offer", not an empty field.
      .filter(([k, v]) => !(k === 'express' && v === null))
      .flatMap(([k, v]) => emptyNumbers(v, path ? `${path}.${k}` : k));
  }
  return [];
}
