//! « Mes devis »: the quotes issued to the account (`Devis/mes-devis`), newest first. A failure is
//! an error, never an empty list.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { MyQuote } from '@/lib/api-types.generated';
import { handleApiError } from '@/lib/errors';

export type { MyQuote } from '@/lib/api-types.generated';

export async function fetchMyQuotes(): Promise<MyQuote[]> {
  try {
    return await proxy<MyQuote[]>('Devis/mes-devis');
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

export function useMyQuotes() {
  return useQuery({ queryKey: ['devis', 'mine'], queryFn: fetchMyQuotes, staleTime: 0 });
}
