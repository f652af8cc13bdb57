//! Invoices and credit notes (`GET Factures?q=&type=&page=&par_page=`, admin): a page of the
//! documents with what they print and their PDF's address.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { controllerPath } from '@/lib/controller-path';
import { fetchChecked, pageOf } from './fetch-checked';

const cents = z.number().int();

export const documentSchema = z.object({
  type: z.enum(['facture', 'avoir']),
  numero: z.string(),
  date: z.string(),
  idCommande: z.number().int(),
  commande: z.string(),
  statut_commande: z.string(),
  client: z.object({ id: z.number().int(), email: z.string(), nom: z.string(), entreprise: z.string().nullable() }),
  total_ht_cents: cents,
  tva_cents: cents,
  total_ttc_cents: cents,
  url: z.string(),
  avoir: z.string().nullable(),
  facture: z.string().nullable(),
  motif: z.string().nullable(),
  annulable: z.boolean(),
});
export type InvoiceDocument = z.infer<typeof documentSchema>;

const documentsPageSchema = pageOf(documentSchema);

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
    queryFn: () => fetchChecked(path, documentsPageSchema),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
