//! The invoice of an order on payment terms (« virement à 30 jours »): issued when the order was
//! placed, to pay by transfer by its due date; then settled (the date the transfer was received),
//! late (by how many days), or cancelled by a credit note. Nothing for an order paid first.
import type { Order } from '@/lib/api-types.generated';
import { formatDate } from '@/lib/format';
import { formatDay } from '@/lib/ship-date';
import { fr } from '@/lib/typography';

type TermsOrder = Pick<Order, 'mode_paiement' | 'statut' | 'echeance' | 'reglee_le' | 'jours_retard' | 'facture'>;

export function OrderTerms({ order }: { order: TermsOrder }) {
  if (order.mode_paiement !== 'virement_30_jours') return null;
  const invoice = order.facture ? (
    <a href={order.facture.url} download>
      {order.facture.numero}
    </a>
  ) : null;
  if (order.statut === 'annulée') {
    return (
      <p className="muted" data-testid="order-terms" data-state="annulee">
        {fr('Paiement à 30 jours : la facture ')}
        {invoice}
        {fr(' est annulée par un avoir, il n’y a rien à régler.')}
      </p>
    );
  }
  if (order.reglee_le) {
    return (
      <p data-testid="order-terms" data-state="reglee">
        {fr('Paiement à 30 jours : facture ')}
        {invoice}
        {fr(` réglée le ${formatDate(order.reglee_le)}.`)}
      </p>
    );
  }
  const late = order.jours_retard > 0;
  return (
    <p data-testid="order-terms" data-state={late ? 'en-retard' : 'a-regler'} className={late ? 'error-text' : undefined}>
      {fr('Paiement à 30 jours : facture ')}
      {invoice}
      {fr(` à régler par virement au plus tard le ${order.echeance ? formatDay(order.echeance) : '—'}`)}
      {late ? fr(` — en retard de ${order.jours_retard} jour${order.jours_retard > 1 ? 's' : ''}.`) : '.'}
    </p>
  );
}
