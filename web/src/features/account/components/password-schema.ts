//! Rules of the password-change form: the current password, then a new one that follows the
//! sign-up rule, differs from the current one and is typed twice.
import { z } from 'zod';
import { newPasswordSchema } from '@/lib/validation';

export const passwordChangeSchema = z
  .object({
    current: z.string().min(1, 'Saisissez votre mot de passe actuel.'),
    password: newPasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: 'Les deux mots de passe ne sont pas identiques.', path: ['confirm'] })
  .refine((v) => v.current === '' || v.password !== v.current, { message: 'Le nouveau mot de passe doit être différent de l’actuel.', path: ['password'] });

export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;
