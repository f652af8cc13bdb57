//! The dashboard's figures (`GET Admin/Tableau`): what waits for staff and the month's revenue.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { Dashboard } from '@/lib/api-types.generated';

export type { Dashboard } from '@/lib/api-types.generated';

export function useDashboard() {
  return useQuery({ queryKey: ['admin', 'Admin/Tableau'], queryFn: () => proxy<Dashboard>('Admin/Tableau'), staleTime: 0 });
}
