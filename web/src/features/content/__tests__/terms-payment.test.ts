import { describe, expect, it } from 'vitest';
import { terms, termsPaymentClause } from '../data/legal/terms';

const conditions = { delai_jours: 30, taux_penalites_bp: 1250, taux_penalites: '12,5\u00a0%', indemnite_recouvrement_cents: 4000 };

describe('terms of sale, payment clause', () => {
  it('states the rate, days and indemnity the server applies', () => {
    const clause = termsPaymentClause(conditions);
    expect(clause).toContain('au taux annuel de 12,5\u00a0%');
    expect(clause).toContain('40 €');
    expect(clause).toContain('à 30 jours date de facture');
    expect(clause).not.toContain('trois fois');
  });

  it('points to the invoice while the conditions load', () => {
    expect(termsPaymentClause(undefined)).toContain('au taux annuel indiqué sur la facture');
  });

  it('puts the clause in the payment section and no fixed lead time anywhere', () => {
    const sections = terms(conditions);
    const payment = sections.find((s) => s.heading.startsWith('5.'));
    expect(payment?.paragraphs.some((p) => p.includes('12,5'))).toBe(true);
    const text = sections.flatMap((s) => s.paragraphs).join(' ');
    expect(text).not.toMatch(/\d+\sjours ouvrés/);
  });
});
