//! Invoices and credit notes (`GET Factures?q=&type=&page=&par_page=`, admin): a page of the
//! documents with what they print and their PDF's address.
import { useQuery } from '@tanstack/react-query';
import type { InvoicesPage } from '@/lib/api-types.generated';
import { controllerPath } from '@/lib/controller-path';
import { fetchAnswer } from './fetch-answer';

export type { InvoiceDocument } from '@/lib/api-types.generated';

export interface DocumentsQuery {
  type: 'facture' | 'avoir' | null;
  q: string;
  page: number;
  parPage: number;
}

export function useDocuments(query: DocumentsQuery) {
  const path = controllerPath('Factures', { type: query.type, q: query.q, page: query.page, par_page: query.parPage });
  return useQuery({
    queryKey: ['admin', 'factures', path],
    queryFn: () => fetchAnswer<InvoicesPage>(path),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
