//! An order of the admin list `GET Commande` (docs/commerce-api.md): the customer's order with
//! its client.
import type { Order } from '@/features/account/api/orders';

export interface AdminOrder extends Order {
  client?: { id: number; email: string; nom?: string; prenom?: string } | null;
}
