//! Shared zod rules with French messages (same rules as the server's domain types).
import { z } from 'zod';

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Saisissez votre adresse e-mail.')
  .max(254, 'Adresse e-mail trop longue.')
  .email('Adresse e-mail invalide.');

/** Minimum length of a new password, in characters (the server's `domain::password::MIN_LEN`). */
export const MIN_PASSWORD_LENGTH = 12;

/** What the new-password fields say under the field. */
export const NEW_PASSWORD_HINT = `${MIN_PASSWORD_LENGTH} caractères au moins, sans autre règle : quelques mots sans rapport entre eux font un mot de passe sûr et facile à retenir.`;

/**
 * A new password: 12 to 128 characters (counted as the server counts them, by code point), no
 * composition rule. The server also refuses the common ones (breached lists, sequences).
 */
export const newPasswordSchema = z
  .string()
  .refine((v) => [...v].length >= MIN_PASSWORD_LENGTH, `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`)
  .refine((v) => [...v].length <= 128, 'Le mot de passe doit contenir au plus 128 caractères.');

export const emailCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Le code reçu par e-mail contient 6 chiffres.');

export const personNameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Saisissez votre ${label}.`)
    .max(100, `Le ${label} doit contenir au plus 100 caractères.`)
    .regex(/^[\p{L}][\p{L}\p{M} '’.-]*$/u, `Le ${label} contient des caractères non autorisés.`);

/** Adds a "confirm" field that must equal "password". */
export function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: newPasswordSchema, confirm: z.string() })
    .refine((v) => (v as { password: string }).password === (v as { confirm: string }).confirm, { message: 'Les deux mots de passe ne sont pas identiques.', path: ['confirm'] });
}
