//! Every status change of an order, oldest first: date (Paris time), from → to, and the note.
import { formatDateTime } from '@/lib/format';
import type { AdminOrder } from '../api/admin-orders';

export function OrderHistoryList({ history }: { history: AdminOrder['historique'] }) {
  return (
    <ol className="status-history" data-testid="status-history">
      {history.map((h, i) => (
        <li key={`${h.date}-${i}`}>
          <time dateTime={h.date}>{formatDateTime(h.date)}</time>
          <span>{h.de ? `${h.de} → ${h.vers}` : `Créée : ${h.vers}`.replace(' :', '\u00a0:')}</span>
          {h.note ? <span className="muted">{h.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}
