import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { PriceBreakdown } from '@/wasm/types';
import type { QuantityRow } from '@/workers/quote.worker';
import { QuantityTable } from '../components/quantity-table';
import { dropsAt, partPrice, tableQuantities, tableTiers } from '../quantity-table';

/** A breakdown with only what the table reads: `unit` before the discount, as the engine gives it. */
const price = (quantity: number, unit: number, discount = 0) =>
  ({ quantity, unit_cents: unit, line_cents: Math.round((unit * quantity * (100 - discount)) / 100), discount_percent: discount }) as PriceBreakdown;

const rows: QuantityRow[] = [
  { quantity: 1, economique: null, standard: price(1, 2000), express: price(1, 2600) },
  { quantity: 5, economique: null, standard: price(5, 2000), express: price(5, 2600) },
  { quantity: 7, economique: null, standard: price(7, 2000), express: price(7, 2600) },
  { quantity: 10, economique: null, standard: price(10, 2000, 10), express: price(10, 2600, 10) },
];

const plain = (s: string | null | undefined) => (s ?? '').replaceAll('\u202f', ' ').replaceAll('\u00a0', ' ');

afterEach(cleanup);

describe('tableQuantities', () => {
  it('adds the visitor’s own quantity to the usual batch sizes, in order, once', () => {
    expect(tableQuantities(7, 1000)).toEqual([1, 5, 7, 10, 25, 50, 100]);
    expect(tableQuantities(25, 1000)).toEqual([1, 5, 10, 25, 50, 100]);
    expect(tableQuantities(250, 1000)).toEqual([1, 5, 10, 25, 50, 100, 250]);
  });

  it('keeps within the largest quantity a line accepts', () => {
    expect(tableQuantities(3, 20)).toEqual([1, 3, 5, 10]);
    expect(tableQuantities(0, 1000)).toEqual([1, 5, 10, 25, 50, 100]);
  });
});

describe('QuantityTable', () => {
  it('prices one part after the quantity discount and marks where it drops, and only there', () => {
    expect(partPrice(rows[3]!.standard!)).toBe(1800);
    expect(partPrice(price(3, 1000, 25))).toBe(750);
    expect([0, 1, 2, 3].map((i) => dropsAt(rows, i, 'standard'))).toEqual([false, false, false, true]);
  });

  it('gives line and part prices per tier, marks the own quantity and chooses another', () => {
    const onChoose = vi.fn();
    render(<QuantityTable rows={rows} quantity={7} mode="standard" onChoose={onChoose} />);
    const own = screen.getByTestId('quantity-7');
    expect(own.getAttribute('aria-current')).toBe('true');
    expect(own.textContent).toContain('(votre quantité)');
    expect(within(own).queryByRole('button')).toBeNull();
    const ten = screen.getByTestId('quantity-10');
    expect(plain(within(ten).getByRole('rowheader').textContent)).toBe('10 −10 %');
    const [std, exp] = within(ten).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(std).toBe('180,00 €18,00 € / pièce ↓');
    expect(exp).toBe('234,00 €23,40 € / pièce ↓');
    fireEvent.click(within(ten).getByRole('button', { name: 'Choisir 10 pièces' }));
    expect(onChoose).toHaveBeenCalledWith(10);
  });

  it('says a tier the process does not offer, and has no express column when none is', () => {
    const noExpress = rows.map((r) => ({ ...r, express: null }));
    render(<QuantityTable rows={noExpress} quantity={1} mode="standard" onChoose={vi.fn()} />);
    expect(screen.queryByText('Express HT')).toBeNull();
    cleanup();
    const partly = rows.map((r, i) => ({ ...r, express: i === 0 ? null : r.express }));
    render(<QuantityTable rows={partly} quantity={1} mode="standard" onChoose={vi.fn()} />);
    expect(screen.getByTestId('quantity-1').textContent).toContain('non proposé');
  });

  it('adds an économique column, slowest first, marked when the quote asks for it', () => {
    const eco = rows.map((r) => ({ ...r, economique: price(r.quantity, 1800, r.standard!.discount_percent) }));
    expect(tableTiers(eco)).toEqual(['economique', 'standard', 'express']);
    expect(tableTiers(rows)).toEqual(['standard', 'express']);
    expect(dropsAt(eco, 3, 'economique')).toBe(true);
    render(<QuantityTable rows={eco} quantity={7} mode="economique" onChoose={vi.fn()} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Quantité', 'Économique HT', 'Standard HT', 'Express HT']);
    expect(screen.getByText('Économique HT').className).toBe('tier-column-chosen');
    const [ecoCell, std] = within(screen.getByTestId('quantity-10')).getAllByRole('cell');
    expect(plain(ecoCell!.textContent)).toBe('162,00 €16,20 € / pièce ↓');
    expect(ecoCell!.className).toBe('tier-column-chosen');
    expect(std!.className).toBe('');
  });
});
