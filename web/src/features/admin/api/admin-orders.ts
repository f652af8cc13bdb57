//! The admin's orders (docs/commerce-api.md): a page of `GET Commande` filtered, searched and sorted (`tri`) on
//! the server, one order `GET Commande/{id}` with the next legal statuses, `PUT Commande/{id}/statut`,
//! `POST Commande/{id}/Livraisons` and `PUT Commande/{id}/reference`. Answers are typed with the server's generated types; the
//! address snapshots, free JSON on the server, are checked with zod.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { proxy } from '@/lib/api-client';
import type { Order, OrderStatusChange, OrdersPage as ServerOrdersPage } from '@/lib/api-types.generated';
import { controllerPath } from '@/lib/controller-path';
import { ORDER_REFERENCE_FIELD } from '@/lib/order-reference';
import { queryClient } from '@/lib/query-client';
import { fetchAnswer } from './fetch-answer';

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
    entreprise: z.object({ nom_Entreprise: text, numero_Tva: text, siren: text }).nullable().optional(),
  })
  .nullable()
  .catch(null);
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

/** An order as the admin pages read it: the server's `Order` (generated type), with its address
 * snapshots checked here (the server keeps them as free JSON) and `statuts_suivants` always set. */
export type AdminOrder = Omit<Order, 'adresse_livraison' | 'adresse_facturation' | 'statuts_suivants'> & {
  adresse_livraison: AddressSnapshot;
  adresse_facturation: AddressSnapshot;
  statuts_suivants: string[];
};

export interface OrdersPage extends Omit<ServerOrdersPage, 'items'> {
  items: AdminOrder[];
}

function adminOrder(order: Order): AdminOrder {
  return {
    ...order,
    statuts_suivants: order.statuts_suivants ?? [],
    adresse_livraison: addressSnapshotSchema.parse(order.adresse_livraison),
    adresse_facturation: addressSnapshotSchema.parse(order.adresse_facturation),
  };
}

export interface OrdersQuery {
  statut: string | null;
  q: string;
  /** `expedition`: earliest ship date first (orders without one last); null: newest first. */
  tri: 'expedition' | null;
  page: number;
  parPage: number;
}

export function useAdminOrders(query: OrdersQuery) {
  const path = controllerPath('Commande', { statut: query.statut, q: query.q, tri: query.tri, page: query.page, par_page: query.parPage });
  const fetchPage = async (): Promise<OrdersPage> => {
    const page = await fetchAnswer<ServerOrdersPage>(path);
    return { ...page, items: page.items.map(adminOrder) };
  };
  return useQuery({ queryKey: ['admin', 'commandes', path], queryFn: fetchPage, staleTime: 0, placeholderData: (previous) => previous });
}

export const adminOrderKey = (id: number) => ['admin', 'commande', id] as const;

export function useAdminOrder(id: number | null) {
  return useQuery({
    queryKey: adminOrderKey(id ?? 0),
    queryFn: async () => adminOrder(await fetchAnswer<Order>(`Commande/${id}`)),
    enabled: id !== null,
    staleTime: 0,
  });
}

export type StatusAnswer = OrderStatusChange;

/** Refreshes what a change of this order shows (its page, the lists, the invoices). */
async function refresh(id: number): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: adminOrderKey(id) });
  await queryClient.invalidateQueries({ queryKey: ['admin', 'commandes'] });
  await queryClient.invalidateQueries({ queryKey: ['admin', 'factures'] });
}

/** `PUT Commande/{id}/statut`; errors are the caller's to show. */
export async function changeStatus(id: number, statut: string, note: string): Promise<StatusAnswer> {
  const answer = await proxy<StatusAnswer>(`Commande/${id}/statut`, 'PUT', { statut, note });
  await refresh(id);
  return answer;
}

/** `POST Commande/{id}/reglement`: the transfer of an invoice on terms received; errors are the
 * caller's to show. */
export async function settleTerms(id: number): Promise<StatusAnswer> {
  const answer = await proxy<StatusAnswer>(`Commande/${id}/reglement`, 'POST');
  await refresh(id);
  await queryClient.invalidateQueries({ queryKey: ['admin', 'echeances'] });
  return answer;
}

/** `PUT Commande/{id}/reference`: the buyer's order reference corrected before the invoice (`null`
 * removes it); errors are the caller's to show. */
export async function setOrderReference(id: number, reference: string | null): Promise<void> {
  await proxy<Order>(`Commande/${id}/reference`, 'PUT', { [ORDER_REFERENCE_FIELD]: reference });
  await refresh(id);
}

/** `POST Commande/{id}/Livraisons`; the order becomes "expédiée" and the customer is e-mailed. */
export async function addDelivery(id: number, transporteur: string, numeroSuivi: string): Promise<void> {
  await proxy(`Commande/${id}/Livraisons`, 'POST', { transporteur, numero_suivi: numeroSuivi });
  await refresh(id);
}
