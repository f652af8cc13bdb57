//! The dashboard's figures (`GET Admin/Tableau`): what waits for staff and the month's revenue.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';

export interface Dashboard {
  piecesAVerifier: number;
  virementsEnAttente: number;
  commandesAProduire: number;
  commandesAExpedier: number;
  mois: string;
  chiffreAffairesHtCents: number;
  chiffreAffairesTtcCents: number;
  facturesDuMois: number;
}

export function useDashboard() {
  return useQuery({ queryKey: ['admin', 'Admin/Tableau'], queryFn: () => proxy<Dashboard>('Admin/Tableau'), staleTime: 0 });
}
