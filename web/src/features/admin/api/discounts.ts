//! Discount codes for the admin (`Reduction` of docs/commerce-api.md): every code, creation,
//! change, disabling, and each code's uses (`GET Reduction/{id}/utilisations`).
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { Discount, DiscountUsesPage } from '@/lib/api-types.generated';
import { controllerPath } from '@/lib/controller-path';
import { queryClient } from '@/lib/query-client';
import type { DiscountPayload } from '../discount-schema';
import { fetchAnswer } from './fetch-answer';

export type { Discount, DiscountUse } from '@/lib/api-types.generated';

const discountsKey = ['admin', 'reductions'] as const;

export function useDiscounts() {
  return useQuery({ queryKey: discountsKey, queryFn: () => fetchAnswer<Discount[]>('Reduction'), staleTime: 0 });
}

export function useDiscountUses(id: number | null, page: number, parPage: number) {
  const path = controllerPath(`Reduction/${id}/utilisations`, { page, par_page: parPage });
  return useQuery({
    queryKey: ['admin', 'reductions', 'utilisations', path],
    queryFn: () => fetchAnswer<DiscountUsesPage>(path),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Creates or changes a code; a 400 carries the server's French messages (the caller shows them). */
export async function saveDiscount(id: number | null, payload: DiscountPayload): Promise<Discount> {
  const answer = id === null ? await proxy<Discount>('Reduction', 'POST', payload) : await proxy<Discount>(`Reduction/${id}`, 'PUT', payload);
  await queryClient.invalidateQueries({ queryKey: discountsKey });
  return answer;
}

/** Disables a code (`DELETE Reduction/{id}`): kept for the orders that used it. */
export async function disableDiscount(id: number): Promise<void> {
  await proxy(`Reduction/${id}`, 'DELETE');
  await queryClient.invalidateQueries({ queryKey: discountsKey });
}
