//! `Comptes/me`: the signed-in account with its addresses, and the identity update.
import { useQuery } from '@tanstack/react-query';
import { apiSend, proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import { queryClient, queryKeys } from '@/lib/query-client';

export interface CountryRef {
  code: string;
  name?: string;
  nom?: string;
}

export interface Address {
  idAdresse: number;
  idPays: CountryRef;
  ville: string;
  codePostal: string;
  rue: string;
  complement: string;
  nom: string;
  prenom: string;
  tel: string;
  entreprise?: { idEntreprise?: number; nom_Entreprise: string; numero_Tva?: string | null } | null;
}

export interface Me {
  id: number;
  email: string;
  nom: string;
  prenom: string;
  role: string;
  twoFactorEnabled?: boolean;
  adresses: Address[];
}

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
