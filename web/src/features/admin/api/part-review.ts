//! Part review requests (docs/commerce-api.md, "Parts"): the queue (`Pieces/ForReview`), one part
//! as an admin (`Pieces/ById_AsAdmin/{id}`), the statuses and the decision (`PUT Pieces/status`).
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import { fetchList } from '@/lib/fetch-list';
import { queryClient } from '@/lib/query-client';
import type { Analysis } from '@/wasm/types';

export interface PartHistory {
  id_statut: number;
  statut: string;
  commentaire: string;
  par: string;
  date: string;
}

/** A part as `Pieces/ForReview` and `Pieces/ById_AsAdmin` send it. */
export interface ReviewPart {
  id: number;
  nom_fichier: string;
  id_statut: number;
  statut: string;
  motifs: string[];
  demande_client: string;
  commentaire_admin: string;
  analyse: Partial<Analysis>;
  options: Record<string, unknown>;
  historique: PartHistory[];
  fichier_url: string;
  cree_le: string;
  client?: { id: number; email: string; nom: string; prenom: string } | null;
  en_attente_depuis?: string;
}

export interface PartStatus {
  id: number;
  libelle: string;
}

const QUEUE = ['admin', 'Pieces/ForReview'] as const;

export function useReviewQueue() {
  return useQuery({ queryKey: QUEUE, queryFn: () => fetchList<ReviewPart>('Pieces/ForReview') });
}

export function useReviewPart(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'Pieces/ById_AsAdmin', id],
    queryFn: () => proxy<ReviewPart>(`Pieces/ById_AsAdmin/${id}`),
    enabled: id !== null,
  });
}

export function usePartStatuses() {
  return useQuery({ queryKey: ['admin', 'Pieces/AllStatus'], queryFn: () => fetchList<PartStatus>('Pieces/AllStatus'), staleTime: Infinity });
}

/** Sets the status with the comment the customer is e-mailed; refreshes the queue and the part. */
export async function decidePart(id: number, status: number, commentaire: string): Promise<ReviewPart> {
  const part = await proxy<ReviewPart>('Pieces/status', 'PUT', { Id_Piece: id, Id_Status: status, commentaire });
  queryClient.setQueryData(['admin', 'Pieces/ById_AsAdmin', id], part);
  await queryClient.invalidateQueries({ queryKey: QUEUE });
  await queryClient.invalidateQueries({ queryKey: ['admin', 'Admin/Tableau'] });
  return part;
}
