//! What « Commander ce devis » did, shown at the top of the basket it leads to: the quote's parts
//! are in the basket at its prices while it is valid (as long as their options and quantities
//! stay those of the quote), else at today's prices with what changed since the quote.
import { Message } from 'primereact/message';
import type { QuoteOrdered } from '@/lib/api-types.generated';
import { priceChanges } from '../price-changes';
import { ChangeList } from './change-list';

export function QuoteOrderNotice({ ordered }: { ordered: QuoteOrdered }) {
  const n = ordered.lignes.length;
  const parts = n > 1 ? `Les ${n} pièces du devis ${ordered.numero} sont` : `La pièce du devis ${ordered.numero} est`;
  const changes = priceChanges(ordered.lignes, 'au devis');
  const text = ordered.au_prix_du_devis
    ? `${parts} dans votre panier aux prix du devis, valables jusqu’au ${ordered.valable_jusqu_au} tant que vous n’en changez ni les options ni les quantités.`
    : `Le devis ${ordered.numero} était valable jusqu’au ${ordered.valable_jusqu_au}\u00a0: ${n > 1 ? 'ses pièces sont' : 'sa pièce est'} dans votre panier aux prix du jour.${changes.length > 0 ? ' Ce qui a changé depuis le devis :' : ' Les prix n’ont pas changé depuis le devis.'}`;
  return (
    <div className="reorder-notice" role="status" data-testid="quote-order-notice">
      <Message
        severity={changes.length > 0 ? 'warn' : 'success'}
        text={
          <div>
            <p>{text}</p>
            <ChangeList changes={changes} />
          </div>
        }
      />
    </div>
  );
}
