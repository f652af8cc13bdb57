//! Payment terms in the admin area: the companies' requests (`GET Admin/PaiementTerme`), the
//! decision on one (`PUT Admin/PaiementTerme/{id}`), and the invoices on terms not yet paid
//! (`GET Admin/Echeances`). A failure is an error, never an empty list.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { OpenInvoice, PaymentTermsRequest } from '@/lib/api-types.generated';
import { queryClient } from '@/lib/query-client';

export type { OpenInvoice, PaymentTermsRequest } from '@/lib/api-types.generated';

export const termsRequestsKey = ['admin', 'paiement-terme'] as const;
export const openInvoicesKey = ['admin', 'echeances'] as const;

export function useTermsRequests() {
  return useQuery({ queryKey: termsRequestsKey, queryFn: () => proxy<PaymentTermsRequest[]>('Admin/PaiementTerme'), staleTime: 0 });
}

export function useOpenInvoices() {
  return useQuery({ queryKey: openInvoicesKey, queryFn: () => proxy<OpenInvoice[]>('Admin/Echeances'), staleTime: 0 });
}

export type TermsDecision = { decision: 'accorder'; plafond_cents: number } | { decision: 'refuser'; motif: string };

/** Grants or refuses the request of `accountId`; errors are the caller's to show. */
export async function decideTerms(accountId: number, decision: TermsDecision): Promise<PaymentTermsRequest> {
  const answer = await proxy<PaymentTermsRequest>(`Admin/PaiementTerme/${accountId}`, 'PUT', decision);
  await queryClient.invalidateQueries({ queryKey: termsRequestsKey });
  return answer;
}

/** The amount typed in euros (« 5 000 », « 1500,50 ») in cents, `null` when it is not one. */
export function eurosToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}
