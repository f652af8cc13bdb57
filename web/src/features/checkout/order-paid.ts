//! When the confirmation page keeps asking the server: a card order not yet recorded as paid.
//! The browser never decides that an order is paid; it only reads the server's status.

export const POLL_MS = 2000;

export function awaitsCardPayment(order: { mode_paiement: string; statut: string } | undefined): boolean {
  return order !== undefined && order.mode_paiement === 'carte' && order.statut === 'en attente de paiement';
}
