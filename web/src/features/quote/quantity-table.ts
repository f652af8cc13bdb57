//! The quantities of the card's quantity × tier table: the usual batch sizes and the visitor's
//! own, within what one line accepts.
import type { LeadTimeMode, PriceBreakdown } from '@/wasm/types';
import type { QuantityRow } from '@/workers/quote.worker';

/** The batch sizes every table shows (those within the catalog's maximum). */
export const TABLE_QUANTITIES = [1, 5, 10, 25, 50, 100] as const;

/** The table's quantities, ascending: the usual ones up to `max` and `own` (the visitor's). */
export function tableQuantities(own: number, max: number): number[] {
  const all = new Set<number>(TABLE_QUANTITIES.filter((q) => q <= max));
  if (Number.isInteger(own) && own >= 1 && own <= max) all.add(own);
  return [...all].sort((a, b) => a - b);
}

/**
 * The price of one part of the line, quantity discount and tier factor included (the line's price
 * shared out, to the cent): what a buyer compares between quantities. The engine's `unit_cents`
 * is the price before the quantity discount.
 */
export function partPrice(price: PriceBreakdown): number {
  return Math.round(price.line_cents / Math.max(price.quantity, 1));
}

/**
 * Whether the price of one part of `tier` drops at this row compared with the row before (a
 * quantity break starts between them): the table marks where the price drops.
 */
export function dropsAt(rows: QuantityRow[], index: number, tier: LeadTimeMode): boolean {
  if (index === 0) return false;
  const here = rows[index]?.[tier];
  const before = rows[index - 1]?.[tier];
  return Boolean(here && before && partPrice(here) < partPrice(before));
}

/** The table's tier columns, slowest first: standard always, économique and express when offered. */
export function tableTiers(rows: QuantityRow[]): LeadTimeMode[] {
  const modes: LeadTimeMode[] = ['economique', 'standard', 'express'];
  return modes.filter((t) => t === 'standard' || rows.some((r) => r[t] !== null));
}
