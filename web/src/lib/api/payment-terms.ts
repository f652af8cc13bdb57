//! « Paiement à 30 jours » (`Comptes/me/paiement-terme`): where the account's request stands, with
//! its credit limit, what it owes on terms and what remains, and the request itself. Read by the
//! settings (to ask) and the checkout (to offer « Virement à 30 jours »).
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { PaymentTerms } from '@/lib/api-types.generated';

export type { PaymentTerms } from '@/lib/api-types.generated';

export const paymentTermsKey = ['paiementTerme'] as const;

export const fetchPaymentTerms = (): Promise<PaymentTerms> => proxy<PaymentTerms>('Comptes/me/paiement-terme');

export function usePaymentTerms(enabled = true) {
  return useQuery({ queryKey: paymentTermsKey, queryFn: fetchPaymentTerms, staleTime: 0, enabled });
}

export interface TermsRequest {
  nom_entreprise: string;
  siren: string;
  email_comptabilite: string;
}

export const requestPaymentTerms = (body: TermsRequest): Promise<PaymentTerms> =>
  proxy<PaymentTerms>('Comptes/me/paiement-terme', 'POST', body);

/** Whether an order of `totalCents` may be paid on terms: granted, and within what remains. */
export function termsCover(terms: PaymentTerms | undefined, totalCents: number | undefined): boolean {
  return terms?.etat === 'accordee' && totalCents !== undefined && totalCents <= terms.disponible_cents;
}
