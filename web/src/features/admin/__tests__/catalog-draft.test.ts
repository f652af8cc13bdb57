import { describe, expect, it } from 'vitest';
import type { Catalog } from '@/wasm/types';
import { edited, emptyNumbers } from '../catalog-draft';

const base = {
  currency: 'EUR',
  processes: [{ code: 'SLA', materials: [{ code: 'R', handling_fee_cents: 500, colours: [{ fee_cents: 0 }] }] }],
  quantity_breaks: [{ min_quantity: 10, discount_percent: 10 }],
  express: null,
} as unknown as Catalog;

describe('catalog draft', () => {
  it('changes a copy and leaves the loaded catalog as it was', () => {
    const next = edited(base, (c) => {
      c.processes[0].materials[0].handling_fee_cents = 300;
    });
    expect(next.processes[0].materials[0].handling_fee_cents).toBe(300);
    expect(base.processes[0].materials[0].handling_fee_cents).toBe(500);
  });

  it('names every emptied number by its path, but not an absent express offer', () => {
    expect(emptyNumbers(base)).toEqual([]);
    const next = edited(base, (c) => {
      (c.processes[0].materials[0].colours[0] as { fee_cents: number | null }).fee_cents = null;
      (c.quantity_breaks[0] as { discount_percent: number | null }).discount_percent = null;
    });
    expect(emptyNumbers(next)).toEqual(['processes[0].materials[0].colours[0].fee_cents', 'quantity_breaks[0].discount_percent']);
  });
});
