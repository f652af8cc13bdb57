//! An order's shipments: carrier, tracking number and the carrier's tracking link.
import { formatDate } from '@/lib/format';
import type { Delivery } from '@/lib/api/orders';

export function OrderDeliveries({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) return null;
  return (
    <div className="order-deliveries">
      <h3>Livraison</h3>
      <ul>
        {deliveries.map((d) => (
          <li key={d.id} data-testid="order-delivery">
            {d.transporteur}, expédié le {formatDate(d.date)}, suivi n°&nbsp;
            {d.lien_suivi ? (
              <a href={d.lien_suivi} target="_blank" rel="noopener noreferrer">
                {d.numero_suivi}
              </a>
            ) : (
              d.numero_suivi
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
