//! The maintenance rule (specification, section 4), checked by the app on each navigation.
import { apiFetch } from './api-client';

/** Paths a visitor may still see while maintenance is on. */
export const MAINTENANCE_EXEMPT_PATHS = ['/maintenance', '/compte/admin-home'] as const;

export async function fetchMaintenance(): Promise<boolean> {
  const answer = await apiFetch<{ maintenance: boolean }>('/api/get-maintenance', { cache: 'no-store' });
  return Boolean(answer?.maintenance);
}

/** Where a navigation must go given the flag, or null when it may proceed. */
export function maintenanceRedirect(maintenance: boolean, pathname: string): string | null {
  const exempt = (MAINTENANCE_EXEMPT_PATHS as readonly string[]).includes(pathname);
  if (maintenance && !exempt) return '/maintenance';
  if (!maintenance && pathname === '/maintenance') return '/';
  return null;
}
