//! An order's ship date for the admin (`expedition`, fixed at payment) and, when the server says
//! the order is late (`en_retard`: the date has passed and it is not shipped), « En retard » in
//! red, in words and with an icon, not by colour alone.
import { formatDay } from '@/lib/ship-date';
import type { AdminOrder } from '../api/admin-orders';

export function OrderShipDate({ order, long = false }: { order: Pick<AdminOrder, 'expedition' | 'en_retard'>; long?: boolean }) {
  if (!order.expedition) {
    return (
      <span className="muted" data-testid="order-ship">
        {long ? 'Date d’expédition fixée au paiement' : 'Non fixée'}
      </span>
    );
  }
  return (
    <span className="order-ship" data-testid="order-ship" data-date={order.expedition}>
      <span>{long ? `Expédition prévue le ${formatDay(order.expedition)}` : formatDay(order.expedition)}</span>
      {order.en_retard ? (
        <strong className="order-late" data-testid="order-late">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> En retard
        </strong>
      ) : null}
    </span>
  );
}
