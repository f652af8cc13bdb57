//! Totals of the basket: excl. VAT, VAT 20 %, incl. VAT, and the way to checkout.
import { Link } from 'react-router';
import { formatCents } from '@/lib/format';
import type { CartLine } from '../api/cart';
import { cartTotals, VAT_RATE_PERCENT } from '../cart-totals';

export function CartSummary({ lines }: { lines: CartLine[] }) {
  const totals = cartTotals(lines);
  const blocked = lines.some((l) => l.erreur);
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
      <p className="muted">Frais de livraison calculés à l’étape suivante. Entreprise de l’Union européenne hors France avec un numéro de TVA valide&nbsp;: facturation hors taxes (autoliquidation).</p>
      {blocked ? <p className="error">Retirez les pièces signalées pour passer la commande.</p> : null}
      {blocked ? (
        <span className="p-button p-disabled" aria-disabled="true">
          Passer la commande
        </span>
      ) : (
        <Link to="/checkout" className="p-button">
          Passer la commande
        </Link>
      )}
    </aside>
  );
}
