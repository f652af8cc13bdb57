import { describe, expect, it } from 'vitest';
import { eurosToCents } from '../api/payment-terms';
import { statusAction } from '../api/order-statuses';

describe('eurosToCents', () => {
  it('reads the amounts an admin types', () => {
    expect(eurosToCents('5000')).toBe(500_000);
    expect(eurosToCents('5 000')).toBe(500_000);
    expect(eurosToCents('1\u00a0500,50 €')).toBe(150_050);
    expect(eurosToCents('12.5')).toBe(1_250);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1,234,5', '10.123', '5e3']) expect(eurosToCents(bad)).toBeNull();
  });
});

describe('statusAction on payment terms', () => {
  it('names the transfer received and the credit note of an order on terms', () => {
    expect(statusAction('en attente de paiement', 'payée', 'virement_30_jours').label).toBe('Virement reçu');
    expect(statusAction('en attente de paiement', 'payée', 'virement_30_jours').confirm).toContain('réglée');
    expect(statusAction('en attente de paiement', 'annulée', 'virement_30_jours').confirm).toContain('avoir');
    expect(statusAction('en attente de paiement', 'annulée', 'virement').confirm).toBe('Annuler cette commande non payée ?');
  });
});
