//! The customer's orders (`Commande/mes-commandes`).
import { useQuery } from '@tanstack/react-query';
import { fetchOptionalList } from '@/lib/optional-list';

export interface Order {
  id: number;
  reference?: string;
  date?: string;
  createdAt?: string;
  statut?: string;
  status?: string;
  totalTtc?: number;
  total_ttc_cents?: number;
}

export function useOrders() {
  return useQuery({ queryKey: ['commandes', 'mine'], queryFn: () => fetchOptionalList<Order>('Commande/mes-commandes') });
}
