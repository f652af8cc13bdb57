//! The address that issues the quote PDF (`POST Devis/pdf`) of the basket for the addresses, the
//! discount code and the buyer's order reference chosen on /checkout, so that the quote shows the
//! same totals as the summary and the reference the order will carry.
import { ORDER_REFERENCE_FIELD } from '@/lib/order-reference';

export const QUOTE_PDF_PATH = '/api/backend/Devis/pdf';

export interface QuoteChoice {
  billingId: number | null;
  deliveryId: number | null;
  /** The code the summary applied (not one it refused). */
  code?: string | null;
  /** The buyer's own order reference, once accepted by the rule. */
  reference?: string | null;
}

export function quotePdfUrl({ billingId, deliveryId, code, reference }: QuoteChoice): string {
  const params = new URLSearchParams();
  if (billingId != null) params.set('idAdresseFacturation', String(billingId));
  if (deliveryId != null) params.set('idAdresseLivraison', String(deliveryId));
  if (code) params.set('codeReduction', code);
  if (reference) params.set(ORDER_REFERENCE_FIELD, reference);
  const query = params.toString();
  return query ? `${QUOTE_PDF_PATH}?${query}` : QUOTE_PDF_PATH;
}
