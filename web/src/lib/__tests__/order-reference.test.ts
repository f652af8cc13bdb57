import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { checkOrderReference, orderReferenceRefusal } from '../order-reference';

describe('checkOrderReference (the server rule, as the customer types)', () => {
  it('trims, and a blank reference is none', () => {
    expect(checkOrderReference('  BC-2026/0042 ')).toEqual({ value: 'BC-2026/0042', error: null });
    expect(checkOrderReference(' \u00a0 ')).toEqual({ value: null, error: null });
  });
  it('counts characters, not UTF-16 units or bytes: 35 pass, 36 are refused with the count', () => {
    expect(checkOrderReference('é'.repeat(35)).error).toBeNull();
    expect(checkOrderReference(`  ${'7'.repeat(35)}  `).error).toBeNull();
    expect(checkOrderReference('A'.repeat(36))).toEqual({
      value: null,
      error: 'La référence de commande ne doit pas dépasser 35\u00a0caractères (vous en avez saisi 36).',
    });
  });
  it('refuses line breaks, tabs, control and invisible characters', () => {
    for (const bad of ['BC\n42', 'BC\t42', 'BC\u000042', 'BC\u007f42', 'BC\u008542', 'BC\u200b42', 'BC\u202e24', 'BC\ufeff42', 'BC\u00ad42']) {
      expect(checkOrderReference(bad).error, JSON.stringify(bad)).toContain('retour à la ligne');
    }
    // Unlike JavaScript's trim, the server does not take a byte order mark for a space.
    expect(checkOrderReference('\ufeffBC').error).toContain('invisible');
  });
  it('accepts European letters and usual punctuation and names another script', () => {
    for (const good of ['Commande n° 42 – atelier', 'Bestellung Müller/Straße #7', 'Zamówienie łódź č. 5', '« Réf. » 12,5 € № 3…', 'l’usine d’Évry']) {
      expect(checkOrderReference(good)).toEqual({ value: good, error: null });
    }
    expect(checkOrderReference('注文 42').error).toBe(
      'La référence de commande contient un caractère qui ne peut pas figurer sur la facture («\u00a0注\u00a0»)\u00a0: utilisez des lettres latines, des chiffres et la ponctuation courante.',
    );
    // An emoji is one character outside the set, named whole.
    expect(checkOrderReference('BC 😀').error).toContain('«\u00a0😀\u00a0»');
  });
});

describe('orderReferenceRefusal', () => {
  it('reads the refusal tied to the field, and nothing else', () => {
    const refusal = new ApiError(400, { errors: { reference_commande_client: ['Trop longue.'] } });
    expect(orderReferenceRefusal(refusal)).toBe('Trop longue.');
    expect(orderReferenceRefusal(new ApiError(400, { errors: ['Autre.'] }))).toBeNull();
    expect(orderReferenceRefusal(new ApiError(404, { errors: { reference_commande_client: ['x'] } }))).toBeNull();
    expect(orderReferenceRefusal(new Error('réseau'))).toBeNull();
  });
});
