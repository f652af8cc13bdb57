//! The maintenance switch of the admin home (`/api/get-maintenance`, `/api/admin/set-maintenance`).
import { useQuery } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { fetchMaintenance } from '@/lib/maintenance';
import { queryClient, queryKeys } from '@/lib/query-client';

export function useMaintenanceFlag() {
  return useQuery({ queryKey: queryKeys.maintenance, queryFn: fetchMaintenance, staleTime: 0 });
}

export async function setMaintenance(maintenance: boolean): Promise<boolean> {
  const answer = await apiSend<{ maintenance: boolean }>('/api/admin/set-maintenance', 'PUT', { maintenance });
  queryClient.setQueryData(queryKeys.maintenance, answer.maintenance);
  return answer.maintenance;
}
