//! The card's quantity × tier table: for 1, 5, 10, 25, 50, 100 parts and the visitor's own
//! quantity, the line price and the price of one part (quantity discount included) of each
//! lead-time tier the process offers (économique, standard, express), priced by the engine in the
//! worker with the quantity breaks, so that a buyer sees where the price drops. A quantity's
//! button sets the quote to it.
import { formatCents } from '@/lib/format';
import { TIER_NAMES } from '@/lib/lead-time-tiers';
import type { LeadTimeMode, PriceBreakdown } from '@/wasm/types';
import type { QuantityRow } from '@/workers/quote.worker';
import { dropsAt, partPrice, tableTiers } from '../quantity-table';

interface Props {
  rows: QuantityRow[] | null;
  /** The quantity of the quote (its row is marked). */
  quantity: number;
  /** The tier the quote asks for (its column is marked). */
  mode: LeadTimeMode;
  onChoose: (quantity: number) => void;
}

function Cell({ price, drop, chosen }: { price: PriceBreakdown | null; drop: boolean; chosen: boolean }) {
  if (!price) return <td className="muted">non proposé</td>;
  return (
    <td className={chosen ? 'tier-column-chosen' : undefined} data-testid="tier-cell" data-line={price.line_cents} data-part={partPrice(price)}>
      <span className="quantity-line">{formatCents(price.line_cents)}</span>
      <span className="quantity-part">
        {formatCents(partPrice(price))}&nbsp;/&nbsp;pièce
        {drop && (
          <span className="quantity-drop" title="Prix par pièce en baisse à partir de cette quantité">
            {' '}
            ↓
          </span>
        )}
      </span>
    </td>
  );
}

export function QuantityTable({ rows, quantity, mode, onChoose }: Props) {
  if (!rows || rows.length === 0) return null;
  const tiers = tableTiers(rows);
  return (
    <details className="quantity-table" data-testid="quantity-table">
      <summary>Prix selon la quantité et le délai</summary>
      <table>
        <caption className="sr-only">Prix hors taxes de la ligne et d’une pièce, par quantité, au délai {tiers.map((t) => TIER_NAMES[t].toLowerCase()).join(', ')}</caption>
        <thead>
          <tr>
            <th scope="col">Quantité</th>
            {tiers.map((t) => (
              <th key={t} scope="col" data-mode={t} className={t === mode ? 'tier-column-chosen' : undefined}>
                {TIER_NAMES[t]} HT
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const own = row.quantity === quantity;
            const discount = (row.standard ?? row.express ?? row.economique)?.discount_percent ?? 0;
            return (
              <tr key={row.quantity} className={own ? 'quantity-own' : undefined} data-testid={`quantity-${row.quantity}`} aria-current={own ? 'true' : undefined}>
                <th scope="row">
                  {own ? (
                    <span>
                      {row.quantity} <span className="muted">(votre quantité)</span>
                    </span>
                  ) : (
                    <button type="button" className="link-button" onClick={() => onChoose(row.quantity)} aria-label={`Choisir ${row.quantity} pièce${row.quantity > 1 ? 's' : ''}`}>
                      {row.quantity}
                    </button>
                  )}
                  {discount > 0 && <span className="quantity-discount"> −{discount}&nbsp;%</span>}
                </th>
                {tiers.map((t) => (
                  <Cell key={t} price={row[t]} drop={dropsAt(rows, i, t)} chosen={t === mode} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
