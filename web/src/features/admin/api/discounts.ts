//! Discount codes for the admin (`Reduction` of docs/commerce-api.md): every code, creation,
//! change, disabling, and each code's uses (`GET Reduction/{id}/utilisations`).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { proxy } from '@/lib/api-client';
import { controllerPath } from '@/lib/controller-path';
import { queryClient } from '@/lib/query-client';
import type { DiscountPayload } from '../discount-schema';
import { fetchChecked, pageOf } from './fetch-checked';

export const discountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  type: z.enum(['percent', 'fixed']),
  valeur: z.number().int(),
  minimum_commande_cents: z.number().int(),
  valide_du: z.string().nullable(),
  valide_au: z.string().nullable(),
  utilisations_max: z.number().int().nullable(),
  utilisations_max_par_compte: z.number().int().nullable(),
  utilisations: z.number().int(),
  id_compte: z.number().int().nullable(),
  email_compte: z.string().nullable().optional(),
  actif: z.boolean(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountUseSchema = z.object({
  idCommande: z.number().int(),
  numero: z.string(),
  statut: z.string(),
  date: z.string(),
  remise_cents: z.number().int(),
  compte: z.object({ id: z.number().int(), email: z.string(), nom: z.string(), prenom: z.string() }),
});
export type DiscountUse = z.infer<typeof discountUseSchema>;

const discountsKey = ['admin', 'reductions'] as const;

export function useDiscounts() {
  return useQuery({ queryKey: discountsKey, queryFn: () => fetchChecked('Reduction', z.array(discountSchema)), staleTime: 0 });
}

export function useDiscountUses(id: number | null, page: number, parPage: number) {
  const path = controllerPath(`Reduction/${id}/utilisations`, { page, par_page: parPage });
  return useQuery({
    queryKey: ['admin', 'reductions', 'utilisations', path],
    queryFn: () => fetchChecked(path, pageOf(discountUseSchema)),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Creates or changes a code; a 400 carries the server's French messages (the caller shows them). */
export async function saveDiscount(id: number | null, payload: DiscountPayload): Promise<Discount> {
  const answer = id === null ? await proxy('Reduction', 'POST', payload) : await proxy(`Reduction/${id}`, 'PUT', payload);
  await queryClient.invalidateQueries({ queryKey: discountsKey });
  return discountSchema.parse(answer);
}

/** Disables a code (`DELETE Reduction/{id}`): kept for the orders that used it. */
export async function disableDiscount(id: number): Promise<void> {
  await proxy(`Reduction/${id}`, 'DELETE');
  await queryClient.invalidateQueries({ queryKey: discountsKey });
}
