import { describe, expect, it } from 'vitest';
import { cartTotals, VAT_RATE_PERCENT } from '../cart-totals';

describe('cartTotals', () => {
  it('adds the lines excl. VAT and applies French VAT once on the total', () => {
    expect(VAT_RATE_PERCENT).toBe(20);
    expect(cartTotals([{ prix: 1234 }, { prix: 5000 }])).toEqual({ ht: 6234, tva: 1247, ttc: 7481, incomplete: false });
  });

  it('rounds the VAT half up to the cent', () => {
    // 20 % of 0,03 € is 0,006 €: one cent.
    expect(cartTotals([{ prix: 3 }]).tva).toBe(1);
    expect(cartTotals([{ prix: 2 }]).tva).toBe(0);
  });

  it('leaves out a line that cannot be priced and says so', () => {
    expect(cartTotals([{ prix: 1000 }, { prix: null }])).toEqual({ ht: 1000, tva: 200, ttc: 1200, incomplete: true });
  });

  it('is zero for an empty basket', () => {
    expect(cartTotals([])).toEqual({ ht: 0, tva: 0, ttc: 0, incomplete: false });
  });
});
