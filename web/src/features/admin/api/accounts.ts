//! The admin's accounts: one searched page (`GET Admin/Comptes`), one account with its orders
//! and parts (`GET Admin/Comptes/{id}`), the role (`PUT Comptes`) and disabling
//! (`PUT Admin/Comptes/{id}/desactivation`).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export interface AdminAccount {
  id: number;
  email: string;
  nom: string;
  prenom: string;
  role: 'client' | 'admin';
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  desactive: boolean;
}

export interface AccountPage {
  comptes: AdminAccount[];
  total: number;
  page: number;
  parPage: number;
}

export interface AccountDetail {
  compte: AdminAccount;
  commandes: { id: number; numero: string; statut: string; totalTtcCents: number; createdAt: string }[];
  pieces: { id: number; fileName: string; idStatus: number; statut: string; createdAt: string }[];
}

export const PER_PAGE = 20;

export function useAccounts(q: string, page: number) {
  const search = new URLSearchParams({ q, page: String(page), par_page: String(PER_PAGE) });
  return useQuery({
    queryKey: ['admin', 'Admin/Comptes', q, page],
    queryFn: () => proxy<AccountPage>(`Admin/Comptes?${search.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useAccountDetail(id: number) {
  return useQuery({ queryKey: ['admin', 'Admin/Comptes', 'detail', id], queryFn: () => proxy<AccountDetail>(`Admin/Comptes/${id}`) });
}

async function refresh(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['admin', 'Admin/Comptes'] });
}

export async function setRole(id: number, role: AdminAccount['role']): Promise<AdminAccount> {
  const account = await proxy<AdminAccount>('Comptes', 'PUT', { id, role });
  await refresh();
  return account;
}

export async function setDisabled(id: number, desactive: boolean): Promise<AdminAccount> {
  const account = await proxy<AdminAccount>(`Admin/Comptes/${id}/desactivation`, 'PUT', { desactive });
  await refresh();
  return account;
}
