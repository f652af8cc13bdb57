//! The customer's RGPD rights: the data export (asked here, e-mailed as a link) and the deletion
//! of the account.
import { proxy } from '@/lib/api-client';
import type { AccountDeleted, DataExportStatus } from '@/lib/api-types.generated';

export const dataExportStatus = () => proxy<DataExportStatus>('Comptes/me/export');
export const requestDataExport = () => proxy<DataExportStatus>('Comptes/me/export', 'POST');
export const deleteAccount = (password: string, code: string | null) =>
  proxy<AccountDeleted>('Comptes/me/suppression', 'POST', code ? { password, code } : { password });
