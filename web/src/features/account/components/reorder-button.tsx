//! « Commander à nouveau » on an order of the history: the server puts the order's parts back in
//! the basket (same options and quantities, today's prices) and the basket page says what changed.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cartKey } from '@/lib/api/cart';
import { reorder, type Order } from '@/lib/api/orders';
import { formErrorMessage } from '@/lib/form-error';

export function ReorderButton({ order }: { order: Order }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const reordered = await reorder(order.id_commande);
      await queryClient.invalidateQueries({ queryKey: cartKey });
      await navigate('/compte/panier', { state: { reordered } });
    } catch (err) {
      setError(formErrorMessage(err));
      setBusy(false);
    }
  };
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
