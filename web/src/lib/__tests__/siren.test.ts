import { describe, expect, it } from 'vitest';
import { compactSiren, isValidSiren, sirenOfVat } from '../siren';

describe('isValidSiren', () => {
  it('accepts nine digits passing the Luhn check, as the server does', () => {
    expect(isValidSiren(compactSiren('732 829 320'))).toBe(true);
    expect(isValidSiren('303265045')).toBe(true);
    for (const bad of ['732829321', '73282932', '7328293200', '73282932a', '']) expect(isValidSiren(bad)).toBe(false);
  });
});

describe('sirenOfVat', () => {
  it('reads the SIREN of a French VAT number only', () => {
    expect(sirenOfVat('FR40303265045')).toBe('303265045');
    expect(sirenOfVat('DE123456789')).toBeNull();
    expect(sirenOfVat('FR4030326504')).toBeNull();
  });
});
