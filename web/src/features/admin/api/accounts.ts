//! The admin's accounts: one searched page (`GET Admin/Comptes`), one page of an account's orders
//! (`GET Admin/Comptes/{id}/Commandes`) and of its parts (`GET Admin/Comptes/{id}/Pieces`), both
//! checked with zod, the role (`PUT Comptes`) and disabling
//! (`PUT Admin/Comptes/{id}/desactivation`).
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

const accountOrderSchema = z.object({ id: z.number().int(), numero: z.string(), statut: z.string(), totalTtcCents: z.number().int(), createdAt: z.string() });
export type AccountOrder = z.infer<typeof accountOrderSchema>;
const accountOrdersSchema = pageOf(accountOrderSchema);

/** Rows a page of an account's orders. */
export const ORDERS_PER_PAGE = 10;

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

/** One page of the account's orders, newest first. */
export function useAccountOrders(id: number, page: number) {
  const path = controllerPath(`Admin/Comptes/${id}/Commandes`, { page, par_page: ORDERS_PER_PAGE });
  return useQuery({ queryKey: ['admin', 'Admin/Comptes', 'commandes', id, page], queryFn: () => fetchChecked(path, accountOrdersSchema), placeholderData: keepPreviousData });
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
