import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, serverErrorMessage } from '../error-message';

describe('serverErrorMessage', () => {
  it('joins a list of errors before anything else', () => {
    expect(serverErrorMessage({ errors: ['Nom requis.', 'E-mail invalide.'], title: 'T', message: 'M' })).toBe(
      'Nom requis. E-mail invalide.',
    );
  });
  it('flattens errors given by field', () => {
    expect(serverErrorMessage({ errors: { nom: ['Nom requis.'], email: ['E-mail invalide.'] } })).toBe(
      'Nom requis. E-mail invalide.',
    );
  });
  it('falls back to the title, then the message', () => {
    expect(serverErrorMessage({ errors: [], title: 'Titre', message: 'Message' })).toBe('Titre');
    expect(serverErrorMessage({ message: 'Message seul' })).toBe('Message seul');
  });
  it('uses the default text when the body says nothing', () => {
    expect(serverErrorMessage(null)).toBe(DEFAULT_ERROR_MESSAGE);
    expect(serverErrorMessage({ title: '   ' })).toBe('Erreur serveur interne');
    expect(serverErrorMessage(42)).toBe(DEFAULT_ERROR_MESSAGE);
  });
  it('keeps a plain text body', () => {
    expect(serverErrorMessage('Fichier trop volumineux')).toBe('Fichier trop volumineux');
  });
});
