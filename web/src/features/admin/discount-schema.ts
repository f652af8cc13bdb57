//! The discount code form: French validation of every rule (the server checks them again, and
//! alone knows whether a code is taken or an e-mail is an account's), and the conversion between
//! what the admin types (percent, euros, Paris calendar dates, an e-mail) and the API's integers.
import { z } from 'zod';
import type { Discount } from './api/discounts';

const optionalCount = (message: string) => z.number().int(message).min(1, message).nullable();

export const discountFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, 'Code\u00a0: de 3 à 40 caractères, lettres sans accent, chiffres, tirets ou soulignés.'),
    description: z.string().trim().max(500, 'Description\u00a0: 500 caractères au plus.'),
    type: z.enum(['percent', 'fixed']),
    valeur: z.number('Indiquez la valeur de la réduction.').positive('La valeur doit être positive.').nullable(),
    minimum: z.number().min(0, 'Le minimum de commande ne peut pas être négatif.').max(1_000_000, 'Minimum de commande trop élevé.').nullable(),
    valideDu: z.date().nullable(),
    valideAu: z.date().nullable(),
    max: optionalCount('Utilisations au total\u00a0: un entier d’au moins 1, ou vide.'),
    maxParCompte: optionalCount('Utilisations par compte\u00a0: un entier d’au moins 1, ou vide.'),
    emailCompte: z.string().trim().refine((v) => v === '' || z.email().safeParse(v).success, 'Adresse e-mail du compte invalide.'),
    actif: z.boolean(),
  })
  .refine((v) => v.valeur !== null, { message: 'Indiquez la valeur de la réduction.', path: ['valeur'] })
  .refine((v) => v.type !== 'percent' || v.valeur === null || v.valeur <= 100, { message: 'Un pourcentage ne peut pas dépasser 100\u00a0%.', path: ['valeur'] })
  .refine((v) => v.type !== 'fixed' || v.valeur === null || v.valeur <= 1_000_000, { message: 'Montant de réduction trop élevé.', path: ['valeur'] })
  .refine((v) => !v.valideDu || !v.valideAu || v.valideAu >= v.valideDu, { message: 'La date de fin doit suivre la date de début.', path: ['valideAu'] });

export type DiscountValues = z.infer<typeof discountFormSchema>;

/** What `POST Reduction` and `PUT Reduction/{id}` receive. */
export interface DiscountPayload {
  code: string;
  description: string;
  type: 'percent' | 'fixed';
  valeur: number;
  minimum_commande_cents: number;
  valide_du: string | null;
  valide_au: string | null;
  utilisations_max: number | null;
  utilisations_max_par_compte: number | null;
  email_compte: string;
  actif: boolean;
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Paris calendar day of an ISO instant, as a local date for the calendar widget. */
export function parisDate(iso: string | null): Date | null {
  if (!iso) return null;
  const [y, m, d] = parisDay.format(new Date(iso)).split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** `YYYY-MM-DD` of a calendar date (the server reads it as a day in Paris). */
export function dayString(date: Date | null): string | null {
  if (!date) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function discountDefaults(d: Discount | null): DiscountValues {
  return {
    code: d?.code ?? '',
    description: d?.description ?? '',
    type: d?.type ?? 'percent',
    // Basis points and cents are both hundredths of what the admin types.
    valeur: d ? d.valeur / 100 : null,
    minimum: d && d.minimum_commande_cents > 0 ? d.minimum_commande_cents / 100 : null,
    valideDu: parisDate(d?.valide_du ?? null),
    valideAu: parisDate(d?.valide_au ?? null),
    max: d?.utilisations_max ?? null,
    maxParCompte: d?.utilisations_max_par_compte ?? null,
    emailCompte: d?.email_compte ?? '',
    actif: d?.actif ?? true,
  };
}

export function toPayload(v: DiscountValues): DiscountPayload {
  return {
    code: v.code.trim().toUpperCase(),
    description: v.description.trim(),
    type: v.type,
    valeur: Math.round((v.valeur ?? 0) * 100),
    minimum_commande_cents: Math.round((v.minimum ?? 0) * 100),
    valide_du: dayString(v.valideDu),
    valide_au: dayString(v.valideAu),
    utilisations_max: v.max,
    utilisations_max_par_compte: v.maxParCompte,
    email_compte: v.emailCompte.trim(),
    actif: v.actif,
  };
}
