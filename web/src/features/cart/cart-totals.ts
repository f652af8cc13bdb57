//! Totals of the basket: the server prices every line (cents excl. VAT); VAT is French VAT at
//! 20 %, rounded once on the total (a company invoiced with reverse charge sees it at checkout).

/** French VAT rate, percent. */
export const VAT_RATE_PERCENT = 20;

export interface CartTotals {
  /** Sum of the priced lines, cents excl. VAT. */
  ht: number;
  /** VAT on `ht`, cents, rounded half up once. */
  tva: number;
  /** `ht + tva`, cents. */
  ttc: number;
  /** Whether a line could not be priced (left out of the sums). */
  incomplete: boolean;
}

export function cartTotals(lines: readonly { prix: number | null }[]): CartTotals {
  const ht = lines.reduce((sum, l) => sum + (l.prix ?? 0), 0);
  const tva = Math.round((ht * VAT_RATE_PERCENT) / 100);
  return { ht, tva, ttc: ht + tva, incomplete: lines.some((l) => l.prix == null) };
}
