//! /compte/panier: the parts saved to the basket, priced by the server, with quantities and
//! totals; the empty state only for a basket that really is empty; after « Commander à nouveau »,
//! what changed since the order; after « Commander ce devis », at which prices its parts are.
import { Link, useLocation } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { useCart } from '@/lib/api/cart';
import { CartLineRow } from '../components/cart-line-row';
import { CartSummary } from '../components/cart-summary';
import { QuoteOrderNotice } from '../components/quote-order-notice';
import { ReorderNotice } from '../components/reorder-notice';
import type { Reordered } from '@/lib/api/orders';
import type { QuoteOrdered } from '@/lib/api-types.generated';

export default function CartPage() {
  const { data: lines, isPending, isError, refetch } = useCart();
  // Set by « Commander à nouveau » in the order history (`navigate(..., { state })`).
  // Set by « Commander ce devis » in « Mes devis ».
  const state = useLocation().state as { reordered?: Reordered; quoteOrdered?: QuoteOrdered } | null;
  const reordered = state?.reordered;
  const quoteOrdered = state?.quoteOrdered;
  return (
    <Page title="Panier" heading="Votre panier">
      {reordered ? <ReorderNotice reordered={reordered} /> : null}
      {quoteOrdered ? <QuoteOrderNotice ordered={quoteOrdered} /> : null}
      {isPending ? <Loading label="Chargement du panier…" /> : null}
      {isError ? (
        <p className="card" role="alert">
          Le panier ne peut pas être chargé pour le moment.{' '}
          <button type="button" className="p-button p-button-text" onClick={() => refetch()}>
            Réessayer
          </button>
        </p>
      ) : null}
      {lines && lines.length === 0 ? (
        <div className="card empty-state">
          <i className="pi pi-shopping-cart" aria-hidden="true" />
          <p>Votre panier est vide.</p>
          <Link to="/devis_ligne" className="p-button">
            Déposer un fichier pour un devis
          </Link>
        </div>
      ) : null}
      {lines && lines.length > 0 ? (
        <div className="cart-layout">
          <div className="card cart-lines">
            <table className="spec-table">
              <thead>
                <tr>
                  <th scope="col">Pièce</th>
                  <th scope="col">Prix unitaire HT</th>
                  <th scope="col">Quantité</th>
                  <th scope="col">Total HT</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <CartLineRow key={line.id} line={line} />
                ))}
              </tbody>
            </table>
          </div>
          <CartSummary lines={lines} />
        </div>
      ) : null}
    </Page>
  );
}
