//! « Commander à nouveau » on an order of the history: the server puts the order's parts back in
//! the basket (same options and quantities, today's prices) and the basket page says what changed.
import { reorder, type Order } from '@/lib/api/orders';
import { useToBasket } from '../hooks/use-to-basket';

export function ReorderButton({ order }: { order: Order }) {
  const { busy, error, run } = useToBasket('reordered', () => reorder(order.id_commande));
  return (
    <>
      <button type="button" className="p-button p-button-outlined" disabled={busy} onClick={() => void run()} data-testid="reorder" aria-label={`Commander à nouveau les pièces de la commande ${order.numero}`}>
        <i className="pi pi-replay" aria-hidden="true" />
        &nbsp;{busy ? 'Ajout au panier…' : 'Commander à nouveau'}
      </button>
      {error ? (
        <small className="p-error" role="alert">
          {error}
        </small>
      ) : null}
    </>
  );
}
