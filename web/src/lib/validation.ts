//! Shared zod rules with French messages (same rules as the server's domain types).
import { z } from 'zod';

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Saisissez votre adresse e-mail.')
  .max(254, 'Adresse e-mail trop longue.')
  .email('Adresse e-mail invalide.');

/** A new password: 10 to 128 characters with at least one letter and one digit. */
export const newPasswordSchema = z
  .string()
  .min(10, 'Le mot de passe doit contenir au moins 10 caractères.')
  .max(128, 'Le mot de passe doit contenir au plus 128 caractères.')
  .refine((v) => /\p{L}/u.test(v) && /\d/.test(v), 'Le mot de passe doit contenir au moins une lettre et un chiffre.');

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
