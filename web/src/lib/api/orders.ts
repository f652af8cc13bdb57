//! The customer's orders (`Commande/mes-commandes`), newest first: lines, totals, status history,
//! deliveries, invoice and credit note. A failure is an error, never an empty history.
import { useQuery, type Query } from '@tanstack/react-query';
import { z } from 'zod';
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import { paymentSchema } from './payment';

const cents = z.number().int();
const documentLink = z.object({ numero: z.string(), url: z.string() }).nullable().optional();

export const deliverySchema = z.object({
  id: z.number().int(),
  transporteur: z.string(),
  numeroSuivi: z.string(),
  lienSuivi: z.string().nullable().optional(),
  date: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const orderSchema = z.object({
  idCommande: z.number().int(),
  numero: z.string(),
  date: z.string(),
  statut: z.string(),
  historique: z.array(z.object({ de: z.string().nullable(), vers: z.string(), date: z.string(), note: z.string().nullable().optional() })).default([]),
  lignes: z.array(
    z.object({ Id_Piece: z.number().int(), designation: z.string(), Quantite: z.number().int(), prix_unitaire_cents: cents, total_ht_cents: cents }),
  ),
  sous_total_cents: cents,
  remise_cents: cents,
  code_reduction: z.string().nullable().optional(),
  frais_port_cents: cents,
  total_ht_cents: cents,
  tva_taux_bp: z.number().int(),
  tva_cents: cents,
  total_ttc_cents: cents,
  autoliquidation: z.boolean(),
  export_hors_ue: z.boolean().optional(),
  mention_tva: z.string().nullable().optional(),
  mode_paiement: z.string(),
  livraisons: z.array(deliverySchema).default([]),
  facture: documentLink,
  avoir: documentLink,
  paiement: paymentSchema.nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const ordersKey = ['commandes', 'mine'] as const;

export async function fetchOrders(): Promise<Order[]> {
  try {
    return z.array(orderSchema).parse(await proxy('Commande/mes-commandes'));
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

type Interval = number | false | ((query: Query<Order[], Error, Order[], typeof ordersKey>) => number | false | undefined);

export function useOrders(refetchInterval?: Interval) {
  return useQuery({ queryKey: ordersKey, queryFn: fetchOrders, staleTime: 0, refetchInterval });
}
