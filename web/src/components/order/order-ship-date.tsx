//! The ship date of an order as the server fixed it when the order was paid (its slowest line's
//! working days from the payment, by the workshop's calendar) with the delivery range to its
//! zone, or, while it waits for its payment, the dates it would have if paid now and that they
//! are fixed then; late, the date it was due and the earliest it can now leave (the server's
//! revised date). Nothing once shipped or cancelled (the parcels tell the rest).
import type { DeliveryRange } from '@/wasm/types';
import type { ShipDate } from '@/lib/api-types.generated';
import { deliveryRange, formatDay, shipsOn } from '@/lib/ship-date';
import { fr } from '@/lib/typography';

interface Props {
  order: {
    statut: string;
    expedition: string | null;
    /** Late (the date passed, not shipped): the earliest it can now leave. */
    en_retard?: boolean;
    expedition_revue?: string | null;
    mode_paiement: string;
    livraison_estimee: DeliveryRange | null;
    expedition_si_paiement: ShipDate | null;
  };
}

export function OrderShipDate({ order }: Props) {
  if (order.statut === 'expédiée' || order.statut === 'livrée' || order.statut === 'annulée') return null;
  if (order.expedition && order.en_retard && order.expedition_revue) {
    const range = order.livraison_estimee;
    return (
      <p className="order-ship order-ship-late" data-testid="order-ship-late" data-date={order.expedition_revue}>
        <strong>{fr(`Expédition retardée : prévue le ${formatDay(order.expedition)}, elle partira au plus tôt le ${formatDay(order.expedition_revue)}.`)}</strong>
        {range ? (
          <span className="muted" data-testid="order-delivery" data-du={range.du} data-au={range.au}>
            {' · '}
            {deliveryRange(range.du, range.au, range.zone)}
          </span>
        ) : null}
      </p>
    );
  }
  if (order.expedition) {
    const range = order.livraison_estimee;
    return (
      <p className="order-ship" data-testid="order-ship" data-date={order.expedition}>
        <strong>{shipsOn(order.expedition)}</strong>
        {range ? (
          <span className="muted" data-testid="order-delivery" data-du={range.du} data-au={range.au}>
            {' · '}
            {deliveryRange(range.du, range.au, range.zone)}
          </span>
        ) : null}
      </p>
    );
  }
  if (order.statut !== 'en attente de paiement') return null;
  const ifPaid = order.expedition_si_paiement;
  const when = order.mode_paiement === 'virement' ? 'à la réception de votre virement' : 'au paiement';
  return (
    <p className="muted" data-testid="order-ship-pending" data-date={ifPaid?.expedition}>
      {ifPaid
        ? fr(`Payée aujourd’hui, la commande serait expédiée le ${formatDay(ifPaid.expedition)} ; la date sera fixée ${when}.`)
        : fr(`La date d’expédition sera fixée ${when}.`)}
    </p>
  );
}
