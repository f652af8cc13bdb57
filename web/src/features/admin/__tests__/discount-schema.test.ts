import { describe, expect, it } from 'vitest';
import type { Discount } from '../api/discounts';
import { dayString, discountDefaults, discountFormSchema, parisDate, toPayload } from '../discount-schema';
import { cancelSchema, deliverySchema } from '../order-forms';

const stored: Discount = {
  id: 3,
  code: 'BIENVENUE10',
  description: 'Première commande',
  type: 'percent',
  valeur: 1050,
  minimum_commande_cents: 5000,
  // 1 December 2026 00:00 and 31 December 2026 23:59:59 in Paris.
  valide_du: '2026-11-30T23:00:00.000Z',
  valide_au: '2026-12-31T22:59:59.000Z',
  utilisations_max: 100,
  utilisations_max_par_compte: 1,
  utilisations: 4,
  id_compte: 7,
  email_compte: 'ines@exemple.fr',
  actif: true,
};

const messages = (values: unknown) => {
  const result = discountFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('the discount form', () => {
  it('shows a stored code in the units the admin types, and sends it back unchanged', () => {
    const values = discountDefaults(stored);
    expect(values.valeur).toBe(10.5);
    expect(values.minimum).toBe(50);
    expect(dayString(values.valideDu)).toBe('2026-12-01');
    expect(dayString(values.valideAu)).toBe('2026-12-31');
    expect(toPayload(values)).toEqual({
      code: 'BIENVENUE10',
      description: 'Première commande',
      type: 'percent',
      valeur: 1050,
      minimum_commande_cents: 5000,
      valide_du: '2026-12-01',
      valide_au: '2026-12-31',
      utilisations_max: 100,
      utilisations_max_par_compte: 1,
      email_compte: 'ines@exemple.fr',
      actif: true,
    });
  });

  it('converts a fixed amount in euros to cents and upper-cases the code', () => {
    const values = { ...discountDefaults(null), code: 'noel-5', type: 'fixed' as const, valeur: 5.5 };
    expect(messages(values)).toEqual([]);
    const payload = toPayload(values);
    expect([payload.code, payload.valeur, payload.minimum_commande_cents, payload.valide_du, payload.email_compte]).toEqual(['NOEL-5', 550, 0, null, '']);
  });

  it('refuses every bad field in French', () => {
    const base = { ...discountDefaults(null), code: 'OK-CODE', valeur: 10 };
    expect(messages({ ...base, code: 'é!' })[0]).toMatch(/^Code\u00a0: de 3 à 40 caractères/);
    expect(messages({ ...base, valeur: null })).toEqual(['Indiquez la valeur de la réduction.']);
    expect(messages({ ...base, valeur: 120 })).toEqual(['Un pourcentage ne peut pas dépasser 100\u00a0%.']);
    expect(messages({ ...base, valeur: -1 })).toEqual(['La valeur doit être positive.']);
    expect(messages({ ...base, max: 0 })).toEqual(['Utilisations au total\u00a0: un entier d’au moins 1, ou vide.']);
    expect(messages({ ...base, maxParCompte: 1.5 })).toEqual(['Utilisations par compte\u00a0: un entier d’au moins 1, ou vide.']);
    expect(messages({ ...base, emailCompte: 'pas-une-adresse' })).toEqual(['Adresse e-mail du compte invalide.']);
    expect(messages({ ...base, valideDu: new Date(2026, 11, 2), valideAu: new Date(2026, 11, 1) })).toEqual(['La date de fin doit suivre la date de début.']);
  });

  it('reads no date as no bound', () => {
    expect(parisDate(null)).toBeNull();
    expect(dayString(null)).toBeNull();
  });
});

describe('the order forms', () => {
  it('need a carrier, a tracking number and a reason', () => {
    expect(deliverySchema.safeParse({ transporteur: ' ', numeroSuivi: '' }).error?.issues.map((i) => i.message)).toEqual(['Indiquez le transporteur.', 'Indiquez le numéro de suivi.']);
    expect(deliverySchema.safeParse({ transporteur: 'Colissimo', numeroSuivi: '6A123' }).success).toBe(true);
    expect(cancelSchema.safeParse({ motif: ' ' }).error?.issues[0].message).toBe('Indiquez le motif de l’annulation.');
  });
});
