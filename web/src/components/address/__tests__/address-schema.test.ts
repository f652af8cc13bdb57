import { describe, expect, it } from 'vitest';
import { addressDefaults, addressSchema, toPayload } from '../address-schema';

const base = {
  ...addressDefaults(null),
  prenom: 'Inès',
  nom: 'Roux',
  rue: '4 rue des Imprimeurs',
  codePostal: '69002',
  ville: 'Lyon',
  nom_entreprise: 'Atelier Roux',
};

const sirenError = (values: typeof base) => {
  const parsed = addressSchema.safeParse(values);
  return parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === 'siren')?.message ?? null;
};

describe('the SIREN of the address form', () => {
  it('is sent without spaces for a company in France', () => {
    const payload = toPayload(addressSchema.parse({ ...base, siren: ' 732 829 320 ' }));
    expect(payload.siren).toBe('732829320');
  });

  it('is checked as the server checks it, and against a French VAT number', () => {
    expect(sirenError({ ...base, siren: '732829321' })).toBe('Le numéro SIREN doit comporter 9\u00a0chiffres valides.');
    expect(sirenError({ ...base, siren: '732829320', numero_tva: 'FR40303265045' })).toMatch(/^Le numéro SIREN ne correspond pas/);
    expect(sirenError({ ...base, siren: '303265045', numero_tva: 'FR40303265045' })).toBeNull();
    expect(sirenError({ ...base, siren: '' })).toBeNull();
  });

  it('is neither checked nor sent outside France or without a company', () => {
    const abroad = { ...base, idPays: 'de', codePostal: '10115', siren: '123' };
    expect(toPayload(addressSchema.parse(abroad)).siren).toBe('');
    expect(toPayload(addressSchema.parse({ ...base, nom_entreprise: '', siren: '732829320' })).siren).toBe('');
  });
});
