//! « Commander ce devis » on a quote of « Mes devis »: the server puts the quote's parts in the
//! basket (its options and quantities, at its prices while it is valid, else at today's) and the
//! basket page says which. Quotes issued before they kept their lines cannot be ordered this way.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cartKey } from '@/lib/api/cart';
import { formErrorMessage } from '@/lib/form-error';
import { orderQuote } from '../api/quote-links';
import type { MyQuote } from '../api/quotes';

export function QuoteOrderButton({ quote }: { quote: MyQuote }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!quote.commandable) return null;
  const label = quote.valide ? 'Commander ce devis' : 'Commander au prix du jour';
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const quoteOrdered = await orderQuote(quote.numero);
      await queryClient.invalidateQueries({ queryKey: cartKey });
      await navigate('/compte/panier', { state: { quoteOrdered } });
    } catch (err) {
      setError(formErrorMessage(err));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="p-button p-button-sm" disabled={busy} onClick={() => void run()} data-testid="order-quote" aria-label={`${label} ${quote.numero}`}>
        <i className="pi pi-shopping-cart" aria-hidden="true" />
        &nbsp;{busy ? 'Ajout au panier…' : label}
      </button>
      {error ? (
        <small className="p-error" role="alert">
          {error}
        </small>
      ) : null}
    </>
  );
}
