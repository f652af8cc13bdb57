//! The address that issues the quote PDF (`POST Devis/pdf`) of the basket for the addresses and the
//! discount code chosen on /checkout, so that the quote shows the same totals as the summary.
export const QUOTE_PDF_PATH = '/api/backend/Devis/pdf';

export interface QuoteChoice {
  billingId: number | null;
  deliveryId: number | null;
  /** The code the summary applied (not one it refused). */
  code?: string | null;
}

export function quotePdfUrl({ billingId, deliveryId, code }: QuoteChoice): string {
  const params = new URLSearchParams();
  if (billingId != null) params.set('idAdresseFacturation', String(billingId));
  if (deliveryId != null) params.set('idAdresseLivraison', String(deliveryId));
  if (code) params.set('codeReduction', code);
  const query = params.toString();
  return query ? `${QUOTE_PDF_PATH}?${query}` : QUOTE_PDF_PATH;
}
