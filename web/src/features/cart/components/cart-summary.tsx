//! Totals of the basket: excl. VAT, VAT 20 %, incl. VAT, the quote PDF, and the way to checkout
//! (blocked, with the reason, while a line cannot be ordered).
import { Link } from 'react-router';
import { QuotePdfButton } from '@/components/order/quote-pdf-button';
import { formatCents } from '@/lib/format';
import type { CartLine } from '@/lib/api/cart';
import { blockingReasons } from '@/lib/cart-status';
import { cartTotals, VAT_RATE_PERCENT } from '../cart-totals';
import { fr } from '@/lib/typography';
import { latestDay, shipsOn } from '@/lib/ship-date';

export function CartSummary({ lines }: { lines: CartLine[] }) {
  const totals = cartTotals(lines);
  const reasons = blockingReasons(lines);
  const blocked = reasons.length > 0;
  // The basket ships with its slowest line (each line's date is the server's).
  const shipping = latestDay(lines.map((l) => l.expedition));
  return (
    <aside className="card cart-totals" aria-label="Total du panier">
      <dl>
        <dt>Total HT</dt>
        <dd data-testid="total-ht">{formatCents(totals.ht)}</dd>
        <dt>TVA ({VAT_RATE_PERCENT}&nbsp;%)</dt>
        <dd data-testid="total-tva">{formatCents(totals.tva)}</dd>
        <dt className="total-ttc">Total TTC</dt>
        <dd className="total-ttc" data-testid="total-ttc">
          {formatCents(totals.ttc)}
        </dd>
      </dl>
      {shipping ? (
        <p className="cart-ship" data-testid="cart-ship" data-date={shipping}>
          <strong>{shipsOn(shipping)}</strong>
          <br />
          <span className="muted">pour une commande payée avant l’heure limite du jour (le virement compte à sa réception).</span>
        </p>
      ) : null}
      <p className="muted">Frais de livraison calculés à l’étape suivante. Livraison à une entreprise d’un autre pays de l’Union européenne dont le numéro de TVA de ce pays est validé par VIES&nbsp;: livraison intracommunautaire exonérée de TVA. Livraison hors de l’Union européenne&nbsp;: exportation exonérée de TVA.</p>
      {reasons.map((r) => (
        <p key={r} className="error" data-testid="cart-blocked">
          {fr(r)}
        </p>
      ))}
      {blocked ? (
        <span className="p-button p-disabled" aria-disabled="true">
          Passer la commande
        </span>
      ) : (
        <Link to="/checkout" className="p-button">
          Passer la commande
        </Link>
      )}
      <QuotePdfButton url="/api/backend/Devis/pdf" label="Télécharger le devis PDF" testId="quote-pdf" />
    </aside>
  );
}
