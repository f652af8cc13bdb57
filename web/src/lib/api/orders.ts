//! The customer's orders (`Commande/mes-commandes`), newest first: lines, totals, status history,
//! deliveries, invoice and credit note. A failure is an error, never an empty history.
import { useQuery, type Query } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { Order, Reordered } from '@/lib/api-types.generated';
import { handleApiError } from '@/lib/errors';

/** One order of `Commande/mes-commandes` (and of the admin's pages), generated from the server's type. */
export type { Delivery, Order, Reordered, ReorderedLine } from '@/lib/api-types.generated';

export const ordersKey = ['commandes', 'mine'] as const;

export async function fetchOrders(): Promise<Order[]> {
  try {
    return await proxy<Order[]>('Commande/mes-commandes');
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

type Interval = number | false | ((query: Query<Order[], Error, Order[], typeof ordersKey>) => number | false | undefined);

export function useOrders(refetchInterval?: Interval) {
  return useQuery({ queryKey: ordersKey, queryFn: fetchOrders, staleTime: 0, refetchInterval });
}

/**
 * « Commander à nouveau »: the order's parts back in the basket with their options and
 * quantities, at today's prices; the answer gives each line's total then and now.
 */
export const reorder = (orderId: number) => proxy<Reordered>(`Commande/${orderId}/recommander`, 'POST');
