//! `ConditionsPaiement`: the payment terms professionals are held to (days to pay on terms, the
//! late-payment rate, the recovery indemnity), as the server's invoices and reminders apply them.
//! The terms of sale state them from here, so that the page and the invoices rest on one setting.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { PaymentConditions } from '@/lib/api-types.generated';

export type { PaymentConditions } from '@/lib/api-types.generated';

export function usePaymentConditions() {
  return useQuery({
    queryKey: ['conditionsPaiement'],
    queryFn: () => proxy<PaymentConditions>('ConditionsPaiement'),
    staleTime: 5 * 60_000,
  });
}
