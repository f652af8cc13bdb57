//! The card's quantity × tier table: for 1, 5, 10, 25, 50, 100 parts and the visitor's own
//! quantity, the line price and the price of one part (quantity discount included) of the
//! standard and express tiers, priced by the engine in the worker with the quantity breaks, so
//! that a buyer sees where the price drops. A quantity's button sets the quote to it.
import { formatCents } from '@/lib/format';
import type { PriceBreakdown } from '@/wasm/types';
import type { QuantityRow } from '@/workers/quote.worker';
import { dropsAt, partPrice } from '../quantity-table';

interface Props {
  rows: QuantityRow[] | null;
  /** The quantity of the quote (its row is marked). */
  quantity: number;
  /** Whether the quote asks for express (its column is marked). */
  express: boolean;
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

export function QuantityTable({ rows, quantity, express, onChoose }: Props) {
  if (!rows || rows.length === 0) return null;
  const hasExpress = rows.some((r) => r.express !== null);
  return (
    <details className="quantity-table" data-testid="quantity-table">
      <summary>Prix selon la quantité et le délai</summary>
      <table>
        <caption className="sr-only">Prix hors taxes de la ligne et d’une pièce, par quantité, au délai standard et express</caption>
        <thead>
          <tr>
            <th scope="col">Quantité</th>
            <th scope="col" className={express ? undefined : 'tier-column-chosen'}>
              Standard HT
            </th>
            {hasExpress && (
              <th scope="col" className={express ? 'tier-column-chosen' : undefined}>
                Express HT
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const own = row.quantity === quantity;
            const discount = (row.standard ?? row.express)?.discount_percent ?? 0;
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
                <Cell price={row.standard} drop={dropsAt(rows, i, 'standard')} chosen={!express} />
                {hasExpress && <Cell price={row.express} drop={dropsAt(rows, i, 'express')} chosen={express} />}
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
