//! The admin's accounts: one searched page (`GET Admin/Comptes`), one account with its orders
//! (`GET Admin/Comptes/{id}`), one page of its parts (`GET Admin/Comptes/{id}/Pieces`, checked
//! with zod), the role (`PUT Comptes`) and disabling (`PUT Admin/Comptes/{id}/desactivation`).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { proxy } from '@/lib/api-client';
import { controllerPath } from '@/lib/controller-path';
import { queryClient } from '@/lib/query-client';
import { fetchChecked, pageOf } from './fetch-checked';

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
}

const accountPartSchema = z.object({ id: z.number().int(), fileName: z.string(), idStatus: z.number().int(), statut: z.string(), createdAt: z.string() });
export type AccountPart = z.infer<typeof accountPartSchema>;
const accountPartsSchema = pageOf(accountPartSchema);

/** Rows a page of an account's parts. */
export const PARTS_PER_PAGE = 10;

export const PER_PAGE = 20;

export function useAccounts(q: string, page: number) {
  const search = new URLSearchParams({ q, page: String(page), par_page: String(PER_PAGE) });
  return useQuery({
    queryKey: ['admin', 'Admin/Comptes', q, page],
    queryFn: () => proxy<AccountPage>(`Admin/Comptes?${search.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** One page of the account's parts, newest first. */
export function useAccountParts(id: number, page: number) {
  const path = controllerPath(`Admin/Comptes/${id}/Pieces`, { page, par_page: PARTS_PER_PAGE });
  return useQuery({ queryKey: ['admin', 'Admin/Comptes', 'pieces', id, page], queryFn: () => fetchChecked(path, accountPartsSchema), placeholderData: keepPreviousData });
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
