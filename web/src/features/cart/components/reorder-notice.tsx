//! What « Commander à nouveau » did, shown at the top of the basket it leads to: the order's parts
//! are back at today's prices, and each line whose price changed since the order says by how
//! much (or why it cannot be ordered now).
import { Message } from 'primereact/message';
import { formatCents } from '@/lib/format';
import type { Reordered, ReorderedLine } from '@/lib/api/orders';

function pieces(n: number): string {
  return `${n}\u00a0pièce${n > 1 ? 's' : ''}`;
}

function change(line: ReorderedLine): string | null {
  if (line.raison) return `${line.designation}\u00a0: ne peut pas être commandée en l’état — ${line.raison}`;
  if (line.total_ht_cents === null || line.total_ht_cents === line.total_ht_avant_cents) return null;
  const way = line.total_ht_cents > line.total_ht_avant_cents ? 'hausse' : 'baisse';
  return `${line.designation} (${pieces(line.quantite)})\u00a0: ${formatCents(line.total_ht_avant_cents)} HT à la commande, ${formatCents(line.total_ht_cents)} HT aujourd’hui (en ${way})`;
}

export function ReorderNotice({ reordered }: { reordered: Reordered }) {
  const changes = reordered.lignes.map(change).filter((c): c is string => c !== null);
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
            {changes.length > 0 ? (
              <ul>
                {changes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            ) : null}
          </div>
        }
      />
    </div>
  );
}
