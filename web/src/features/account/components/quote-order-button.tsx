//! « Commander ce devis » on a quote of « Mes devis »: the server puts the quote's parts in the
//! basket (its options and quantities, at its prices while it is valid, else at today's) and the
//! basket page says which. Quotes issued before they kept their lines cannot be ordered this way.
import { orderQuote } from '../api/quote-links';
import type { MyQuote } from '../api/quotes';
import { useToBasket } from '../hooks/use-to-basket';

export function QuoteOrderButton({ quote }: { quote: MyQuote }) {
  const { busy, error, run } = useToBasket('quoteOrdered', () => orderQuote(quote.numero));
  if (!quote.commandable) return null;
  const label = quote.valide ? 'Commander ce devis' : 'Commander au prix du jour';
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
