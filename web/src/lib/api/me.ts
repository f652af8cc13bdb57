//! `Comptes/me`: the signed-in account with its addresses, and the identity update.
import { useQuery } from '@tanstack/react-query';
import { apiSend, proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import type { Me } from '@/lib/api-types.generated';
import { queryClient, queryKeys } from '@/lib/query-client';

export type { Address, Me } from '@/lib/api-types.generated';

export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: async () => {
      try {
        return await proxy<Me>('Comptes/me');
      } catch (error) {
        handleApiError(error);
        throw error;
      }
    },
  });
}

/** Refetches the account and the session (names in the header). */
export async function refreshAccount(): Promise<void> {
  await apiSend('/api/auth/updateSessionInfo', 'POST', {}).catch(() => undefined);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  ]);
}

export const updateIdentity = (nom: string, prenom: string) => proxy('Comptes', 'PUT', { nom, prenom });
