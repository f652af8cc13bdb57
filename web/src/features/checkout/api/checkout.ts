//! The checkout's controller calls: shipping fee, discount code, totals, payment options, order.
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import type { CodeCheck, PaymentConfig, PlacedOrder, Recap, Shipping } from './answers';

/** For queries: a failure goes through the error catalogue (toast), then to the query's error. */
export async function catalogued<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

export interface CheckoutChoice {
  idAdresseLivraison: number;
  idAdresseFacturation: number;
  codeReduction?: string;
}

export const fetchShipping = (idAdresse: number): Promise<Shipping> => proxy<Shipping>(`Commande/Frais_Port/${idAdresse}`);

export const fetchRecap = (choice: CheckoutChoice): Promise<Recap> => proxy<Recap>('Commande/Recapitulatif', 'POST', choice);

export const fetchPaymentConfig = (): Promise<PaymentConfig> => proxy<PaymentConfig>('Commande/Paiement/Config');

/** Is this code usable by the signed-in account now (404: unknown code). */
export const checkCode = (code: string): Promise<CodeCheck> =>
  proxy<CodeCheck>(`ReductionCompte/GetCodeAsUser/${encodeURIComponent(code)}`);

/** Transfer, card, or transfer within 30 days for a company granted payment terms. */
export type PaymentMode = 'virement' | 'carte' | 'virement_30_jours';

export interface OrderRequest extends CheckoutChoice {
  /** The buyer's own order reference (purchase-order number), when given. */
  reference_commande_client?: string;
  modePaiement: PaymentMode;
  cgvAcceptees: true;
}

/** `POST Commande`: the same key again returns the same order (no second order). */
export const placeOrder = (request: OrderRequest, idempotencyKey: string): Promise<PlacedOrder> =>
  proxy<PlacedOrder>('Commande', 'POST', request, { 'Idempotency-Key': idempotencyKey });
