//! What changed on the lines put back in the basket (« Commander à nouveau », « Commander ce
//! devis »): each line's totals then and now, or why it cannot be ordered.
import { formatCents } from '@/lib/format';
import type { ReorderedLine } from '@/lib/api/orders';

function pieces(n: number): string {
  return `${n}\u00a0pièce${n > 1 ? 's' : ''}`;
}

/**
 * What changed on each line since `then` (« à la commande », « au devis »): its totals then and
 * now, or why it cannot be ordered; lines at the same price say nothing.
 */
export function priceChanges(lines: ReorderedLine[], then: string): string[] {
  const change = (line: ReorderedLine): string | null => {
    if (line.raison) return `${line.designation}\u00a0: ne peut pas être commandée en l’état — ${line.raison}`;
    if (line.total_ht_cents === null || line.total_ht_cents === line.total_ht_avant_cents) return null;
    const way = line.total_ht_cents > line.total_ht_avant_cents ? 'hausse' : 'baisse';
    return `${line.designation} (${pieces(line.quantite)})\u00a0: ${formatCents(line.total_ht_avant_cents)} HT ${then}, ${formatCents(line.total_ht_cents)} HT aujourd’hui (en ${way})`;
  };
  return lines.map(change).filter((c): c is string => c !== null);
}
