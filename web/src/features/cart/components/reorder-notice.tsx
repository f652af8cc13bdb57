//! What « Commander à nouveau » did, shown at the top of the basket it leads to: the order's parts
//! are back at today's prices, and each line whose price changed since the order says by how
//! much (or why it cannot be ordered now).
import { Message } from 'primereact/message';
import type { Reordered } from '@/lib/api/orders';
import { priceChanges } from '../price-changes';
import { ChangeList } from './change-list';

export function ReorderNotice({ reordered }: { reordered: Reordered }) {
  const changes = priceChanges(reordered.lignes, 'à la commande');
  const n = reordered.lignes.length;
  return (
    <div className="reorder-notice" role="status" data-testid="reorder-notice">
      <Message
        severity={changes.length > 0 ? 'warn' : 'success'}
        text={
          <div>
            <p>
              {n > 1 ? `Les ${n} pièces` : 'La pièce'} de la commande {reordered.numero} {n > 1 ? 'sont' : 'est'} dans votre panier, avec les mêmes options et
              quantités, aux prix du jour.
              {changes.length === 0 ? ' Les prix n’ont pas changé depuis la commande.' : ' Ce qui a changé depuis la commande :'}
            </p>
            <ChangeList changes={changes} />
          </div>
        }
      />
    </div>
  );
}
