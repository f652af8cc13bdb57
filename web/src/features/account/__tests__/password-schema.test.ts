import { describe, expect, it } from 'vitest';
import { passwordChangeSchema } from '../components/password-schema';

const messages = (values: { current: string; password: string; confirm: string }) => {
  const result = passwordChangeSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('passwordChangeSchema', () => {
  it('accepts the current password and a new one typed twice', () => {
    expect(messages({ current: 'ancien-mot-1', password: 'Nouveau-2027x', confirm: 'Nouveau-2027x' })).toEqual([]);
  });

  it('asks for the current password', () => {
    expect(messages({ current: '', password: 'Nouveau-2027x', confirm: 'Nouveau-2027x' })).toEqual(['current: Saisissez votre mot de passe actuel.']);
  });

  it('applies the sign-up rule to the new password', () => {
    expect(messages({ current: 'ancien-mot-1', password: 'onze-signes', confirm: 'onze-signes' })).toEqual(['password: Le mot de passe doit contenir au moins 12 caractères.']);
    // Characters are counted as the server counts them: one per code point, an accent included.
    expect(messages({ current: 'ancien-mot-1', password: 'éléphantôme', confirm: 'éléphantôme' })).toEqual(['password: Le mot de passe doit contenir au moins 12 caractères.']);
    // No composition rule: twelve letters without digit are enough here (the server refuses common ones).
    expect(messages({ current: 'ancien-mot-1', password: 'sanschiffres', confirm: 'sanschiffres' })).toEqual([]);
  });

  it('wants the confirmation equal and the new password different', () => {
    expect(messages({ current: 'ancien-mot-1', password: 'Nouveau-2027x', confirm: 'Nouveau-2027y' })).toEqual(['confirm: Les deux mots de passe ne sont pas identiques.']);
    expect(messages({ current: 'Nouveau-2027x', password: 'Nouveau-2027x', confirm: 'Nouveau-2027x' })).toEqual([
      'password: Le nouveau mot de passe doit être différent de l’actuel.',
    ]);
  });
});
