//! The admin's accounts: one searched page (`GET Admin/Comptes`), one page of an account's orders
//! (`GET Admin/Comptes/{id}/Commandes`) and of its parts (`GET Admin/Comptes/{id}/Pieces`), both
//! typed with the server's generated types, the role (`PUT Comptes`) and disabling
//! (`PUT Admin/Comptes/{id}/desactivation`).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { AccountOrder, AccountPart, AccountRowsPage, AccountView, AdminAccountPage } from '@/lib/api-types.generated';
import { controllerPath } from '@/lib/controller-path';
import { queryClient } from '@/lib/query-client';
import { fetchAnswer } from './fetch-answer';

export type { AccountOrder, AccountPart } from '@/lib/api-types.generated';
/** An account as the admin pages show it (`AccountView` on the server). */
export type AdminAccount = AccountView;
export type AccountPage = AdminAccountPage;

/** Rows a page of an account's orders. */
export const ORDERS_PER_PAGE = 10;

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
  return useQuery({ queryKey: ['admin', 'Admin/Comptes', 'pieces', id, page], queryFn: () => fetchAnswer<AccountRowsPage<AccountPart>>(path), placeholderData: keepPreviousData });
}

/** One page of the account's orders, newest first. */
export function useAccountOrders(id: number, page: number) {
  const path = controllerPath(`Admin/Comptes/${id}/Commandes`, { page, par_page: ORDERS_PER_PAGE });
  return useQuery({ queryKey: ['admin', 'Admin/Comptes', 'commandes', id, page], queryFn: () => fetchAnswer<AccountRowsPage<AccountOrder>>(path), placeholderData: keepPreviousData });
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
