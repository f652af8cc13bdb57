import { describe, expect, it } from 'vitest';
import { shipDateHint } from '../ship-hint';

describe('shipDateHint', () => {
  it('fixes the date at payment by card, at the transfer received, at ordering on terms', () => {
    expect(shipDateHint('carte', 7)).toContain('la date est fixée au paiement.');
    expect(shipDateHint('virement', 7)).toContain('à la réception du virement');
    const terms = shipDateHint('virement_30_jours', 10);
    expect(terms).toContain('fixée à la commande');
    expect(terms).toContain('10 jours ouvrés');
    expect(terms).not.toContain('au paiement');
  });
});
