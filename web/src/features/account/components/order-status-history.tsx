//! An order's status changes, oldest first, with their dates and notes.
import { formatDateTime } from '@/lib/format';
import type { Order } from '@/lib/api/orders';

export function OrderStatusHistory({ history }: { history: Order['historique'] }) {
  if (history.length === 0) return null;
  return (
    <details className="order-history">
      <summary>Historique de l’état</summary>
      <ol>
        {history.map((h, i) => (
          <li key={`${h.date}-${i}`}>
            <time dateTime={h.date}>{formatDateTime(h.date)}</time>&nbsp;: {h.vers}
            {h.note ? <span className="muted"> ({h.note})</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
