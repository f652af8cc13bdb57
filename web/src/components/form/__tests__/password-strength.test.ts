import { describe, expect, it } from 'vitest';
import { passwordScore } from '@/lib/password-strength';
import { strengthLabel } from '@/lib/password-strength-label';

describe('strengthLabel', () => {
  it('says nothing for an empty field or before the estimator is loaded', () => {
    expect(strengthLabel('', passwordScore)).toBeNull();
    expect(strengthLabel('quelque-chose-de-long', null)).toBeNull();
  });

  it('counts the characters of a short password, accents as one', () => {
    expect(strengthLabel('éléphant', passwordScore)).toEqual({ level: 0, text: 'trop court (8 caractères sur 12 au moins)' });
  });

  it('rates a breached password low and unrelated words high', () => {
    expect(passwordScore('password1234')).toBeLessThanOrEqual(1);
    expect(strengthLabel('azertyuiop123', passwordScore)?.level).toBeLessThanOrEqual(1);
    expect(strengthLabel('cheval agrafe pluie violon', passwordScore)).toEqual({ level: 4, text: 'excellente' });
  });
});
