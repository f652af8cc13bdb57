//! The ship date of an order as the server fixed it when the order was paid (its slowest line's
//! working days from the payment, by the workshop's calendar), or, while it waits for its payment,
//! that the date will be fixed then. Nothing once shipped or cancelled (the parcels tell the rest).
import { shipsOn } from '@/lib/ship-date';
import { fr } from '@/lib/typography';

interface Props {
  order: { statut: string; expedition: string | null; mode_paiement: string };
}

export function OrderShipDate({ order }: Props) {
  if (order.statut === 'expédiée' || order.statut === 'livrée' || order.statut === 'annulée') return null;
  if (order.expedition) {
    return (
      <p className="order-ship" data-testid="order-ship" data-date={order.expedition}>
        <strong>{shipsOn(order.expedition)}</strong>
      </p>
    );
  }
  if (order.statut !== 'en attente de paiement') return null;
  return (
    <p className="muted" data-testid="order-ship-pending">
      {fr(
        order.mode_paiement === 'virement'
          ? 'La date d’expédition sera fixée à la réception de votre virement.'
          : 'La date d’expédition sera fixée au paiement.',
      )}
    </p>
  );
}
