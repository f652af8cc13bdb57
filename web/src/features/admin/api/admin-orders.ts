//! The admin's orders (docs/commerce-api.md): a page of `GET Commande` filtered and searched on the
//! server, one order `GET Commande/{id}` with the next legal statuses, `PUT Commande/{id}/statut`
//! and `POST Commande/{id}/Livraisons`. Answers are checked with zod.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '@/lib/api/orders';
import { proxy } from '@/lib/api-client';
import { controllerPath } from '@/lib/controller-path';
import { queryClient } from '@/lib/query-client';
import { fetchChecked, pageOf } from './fetch-checked';

const text = z.string().nullable().optional();

/** An address as the order snapshotted it. */
export const addressSnapshotSchema = z
  .object({
    prenom: text,
    nom: text,
    rue: text,
    complement: text,
    codePostal: text,
    ville: text,
    tel: text,
    idPays: z.object({ code: z.string(), name: z.string() }).nullable().optional(),
    entreprise: z.object({ nom_Entreprise: text, numero_Tva: text }).nullable().optional(),
  })
  .nullable()
  .catch(null);
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

export const adminOrderSchema = orderSchema.extend({
  client: z.object({ id: z.number().int(), email: z.string() }).nullable().optional(),
  statuts_suivants: z.array(z.string()).default([]),
  adresse_livraison: addressSnapshotSchema,
  adresse_facturation: addressSnapshotSchema,
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const ordersPageSchema = pageOf(adminOrderSchema);
export type OrdersPage = z.infer<typeof ordersPageSchema>;

export interface OrdersQuery {
  statut: string | null;
  q: string;
  page: number;
  parPage: number;
}

export function useAdminOrders(query: OrdersQuery) {
  const path = controllerPath('Commande', { statut: query.statut, q: query.q, page: query.page, par_page: query.parPage });
  return useQuery({ queryKey: ['admin', 'commandes', path], queryFn: () => fetchChecked(path, ordersPageSchema), staleTime: 0, placeholderData: (previous) => previous });
}

export const adminOrderKey = (id: number) => ['admin', 'commande', id] as const;

export function useAdminOrder(id: number | null) {
  return useQuery({
    queryKey: adminOrderKey(id ?? 0),
    queryFn: () => fetchChecked(`Commande/${id}`, adminOrderSchema),
    enabled: id !== null,
    staleTime: 0,
  });
}

const documentLink = z.object({ numero: z.string(), url: z.string() }).nullable();
const statusAnswerSchema = z.object({ idCommande: z.number().int(), numero: z.string(), statut: z.string(), facture: documentLink, avoir: documentLink });
export type StatusAnswer = z.infer<typeof statusAnswerSchema>;

/** Refreshes what a change of this order shows (its page, the lists, the invoices). */
async function refresh(id: number): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: adminOrderKey(id) });
  await queryClient.invalidateQueries({ queryKey: ['admin', 'commandes'] });
  await queryClient.invalidateQueries({ queryKey: ['admin', 'factures'] });
}

/** `PUT Commande/{id}/statut`; errors are the caller's to show. */
export async function changeStatus(id: number, statut: string, note: string): Promise<StatusAnswer> {
  const answer = statusAnswerSchema.parse(await proxy(`Commande/${id}/statut`, 'PUT', { statut, note }));
  await refresh(id);
  return answer;
}

/** `POST Commande/{id}/Livraisons`; the order becomes "expédiée" and the customer is e-mailed. */
export async function addDelivery(id: number, transporteur: string, numeroSuivi: string): Promise<void> {
  await proxy(`Commande/${id}/Livraisons`, 'POST', { transporteur, numeroSuivi });
  await refresh(id);
}
