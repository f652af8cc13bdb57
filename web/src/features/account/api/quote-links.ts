//! Share links of a saved quote (`Devis/{numero}/liens`), « Envoyer au service achats »
//! (`Devis/{numero}/envoyer`), and « Commander ce devis » (`Devis/{numero}/commander`). Failures are
//! thrown: the caller says them (the read-only quote a link opens is `lib/api/shared-quote.ts`).
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { QuoteForwardBody, QuoteLink, QuoteOrdered } from '@/lib/api-types.generated';

export type { QuoteLink } from '@/lib/api-types.generated';

const path = (numero: string) => `Devis/${encodeURIComponent(numero)}`;

export const quoteLinksKey = (numero: string) => ['devis', numero, 'liens'] as const;

export const fetchQuoteLinks = (numero: string) => proxy<QuoteLink[]>(`${path(numero)}/liens`);

export const createQuoteLink = (numero: string) => proxy<QuoteLink>(`${path(numero)}/liens`, 'POST');

export const revokeQuoteLink = (numero: string, id: number) => proxy<null>(`${path(numero)}/liens/${id}`, 'DELETE');

export const forwardQuote = (numero: string, body: QuoteForwardBody) => proxy<QuoteLink>(`${path(numero)}/envoyer`, 'POST', body);

/** « Commander ce devis »: its parts in the basket (at its prices while it is valid). */
export const orderQuote = (numero: string) => proxy<QuoteOrdered>(`${path(numero)}/commander`, 'POST');

export function useQuoteLinks(numero: string) {
  return useQuery({ queryKey: quoteLinksKey(numero), queryFn: () => fetchQuoteLinks(numero), staleTime: 0 });
}
