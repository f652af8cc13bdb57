import { describe, expect, it } from 'vitest';
import { termsCover, type PaymentTerms } from '../api/payment-terms';

const terms = (over: Partial<PaymentTerms>): PaymentTerms => ({
  etat: 'accordee',
  nom_entreprise: 'Atelier Moreau',
  siren: '732829320',
  email_comptabilite: 'compta@atelier-moreau.fr',
  plafond_cents: 500_000,
  encours_cents: 120_000,
  disponible_cents: 380_000,
  motif_refus: null,
  demandee_le: '2026-11-20T10:00:00.000Z',
  decidee_le: '2026-11-21T10:00:00.000Z',
  ...over,
});

describe('termsCover', () => {
  it('offers terms for an order within what remains of the limit', () => {
    expect(termsCover(terms({}), 380_000)).toBe(true);
    expect(termsCover(terms({}), 10)).toBe(true);
  });

  it('refuses an order over what remains, before the totals are known, and unless granted', () => {
    expect(termsCover(terms({}), 380_001)).toBe(false);
    expect(termsCover(terms({}), undefined)).toBe(false);
    expect(termsCover(terms({ etat: 'demandee', disponible_cents: 0, plafond_cents: null }), 10)).toBe(false);
    expect(termsCover(terms({ etat: 'refusee', disponible_cents: 0 }), 10)).toBe(false);
    expect(termsCover(undefined, 10)).toBe(false);
  });
});
