//! Validation of the address form (French messages), and its conversion to the API payload. The
//! SIREN is asked for a company in France only (`showsSiren`): elsewhere it is neither checked
//! nor sent (an empty one clears it).
import { z } from 'zod';
import { compactSiren, isValidSiren, SIREN_INVALID, SIREN_VAT_MISMATCH, sirenOfVat } from '@/lib/siren';
import { personNameSchema } from '@/lib/validation';
import type { AddressPayload } from '@/lib/api/addresses';
import type { Address } from '@/lib/api/me';

const required = (label: string, max = 120) =>
  z.string().trim().min(1, `${label} est obligatoire.`).max(max, `${label} : ${max} caractères au plus.`.replace(' :', '\u00a0:'));

export const addressSchema = z
  .object({
    prenom: personNameSchema('prénom'),
    nom: personNameSchema('nom'),
    rue: required('L’adresse', 200),
    complement: z.string().trim().max(200, 'Complément trop long.'),
    codePostal: required('Le code postal', 16),
    ville: required('La ville', 100),
    idPays: z.string().regex(/^[a-z]{2}$/, 'Choisissez un pays.'),
    tel: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\+?[0-9 .()-]{6,20}$/.test(v), 'Numéro de téléphone invalide.'),
    nom_entreprise: z.string().trim().max(120, 'Nom d’entreprise trop long.'),
    numero_tva: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
      .refine((v) => v === '' || /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(v), 'Numéro de TVA intracommunautaire invalide (ex. FR12345678901).'),
    siren: z.string().trim().transform(compactSiren),
  })
  .refine((v) => v.idPays !== 'fr' || /^\d{5}$/.test(v.codePostal), { message: 'Un code postal français contient 5 chiffres.', path: ['codePostal'] })
  .refine((v) => v.numero_tva === '' || v.nom_entreprise !== '', { message: 'Indiquez le nom de l’entreprise du numéro de TVA.', path: ['nom_entreprise'] })
  .superRefine((v, ctx) => {
    if (!showsSiren(v) || v.siren === '') return;
    if (!isValidSiren(v.siren)) ctx.addIssue({ code: 'custom', message: SIREN_INVALID, path: ['siren'] });
    else if ((sirenOfVat(v.numero_tva) ?? v.siren) !== v.siren) ctx.addIssue({ code: 'custom', message: SIREN_VAT_MISMATCH, path: ['siren'] });
  });

export type AddressValues = z.input<typeof addressSchema>;

/** Whether the form asks the SIREN: a company, in France. */
export const showsSiren = (v: { nom_entreprise: string; idPays: string }) => v.nom_entreprise.trim() !== '' && v.idPays === 'fr';

export function addressDefaults(address?: Address | null): AddressValues {
  return {
    prenom: address?.prenom ?? '',
    nom: address?.nom ?? '',
    rue: address?.rue ?? '',
    complement: address?.complement ?? '',
    codePostal: address?.codePostal ?? '',
    ville: address?.ville ?? '',
    idPays: address?.idPays?.code?.toLowerCase() ?? 'fr',
    tel: address?.tel ?? '',
    nom_entreprise: address?.entreprise?.nom_Entreprise ?? '',
    numero_tva: address?.entreprise?.numero_Tva ?? '',
    siren: address?.entreprise?.siren ?? '',
  };
}

export function toPayload(values: z.output<typeof addressSchema>): AddressPayload {
  return { ...values, siren: showsSiren(values) ? values.siren : '' };
}
