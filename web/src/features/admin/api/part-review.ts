//! Part review requests (docs/commerce-api.md, "Parts"): the queue, one searched page at a time
//! (`Pieces/ForReview?q=&page=&par_page=`, checked with zod), one part as an admin
//! (`Pieces/ById_AsAdmin/{id}`), the statuses and the decision (`PUT Pieces/status`).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { proxy } from '@/lib/api-client';
import { controllerPath } from '@/lib/controller-path';
import { fetchList } from '@/lib/fetch-list';
import { queryClient } from '@/lib/query-client';
import type { Analysis } from '@/wasm/types';
import { fetchChecked, pageOf } from './fetch-checked';

export interface PartHistory {
  id_statut: number;
  statut: string;
  commentaire: string;
  par: string;
  date: string;
}

/** A part as `Pieces/ById_AsAdmin` (and each row of `Pieces/ForReview`) sends it. */
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
  /** `GET` it for the original file (every body of it, for a body part). */
  fichier_url: string;
  /** The body of the original file this part is (0-based), when split out of a multi-body file. */
  corps?: number;
  /** What the engine repaired before measuring (French; for a body part, on that body). */
  reparations?: string[];
  cree_le: string;
  client?: { id: number; email: string; nom: string; prenom: string } | null;
  en_attente_depuis?: string;
}

export interface PartStatus {
  id: number;
  libelle: string;
}

/** What the queue's rows show of a part (the viewer reads the whole part by its id). */
export const queueRowSchema = z.object({
  id: z.number().int(),
  nom_fichier: z.string(),
  motifs: z.array(z.string()),
  demande_client: z.string(),
  client: z.object({ id: z.number().int(), email: z.string(), nom: z.string(), prenom: z.string() }).nullable().optional(),
  en_attente_depuis: z.string().optional(),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

const queuePageSchema = pageOf(queueRowSchema);
export type QueuePage = z.infer<typeof queuePageSchema>;

/** Rows a page of the queue. */
export const QUEUE_PER_PAGE = 20;

const QUEUE = ['admin', 'Pieces/ForReview'] as const;

/** One page of the queue, longest waiting first; `q` searches the file name and the customer. */
export function useReviewQueue(q: string, page: number) {
  const path = controllerPath('Pieces/ForReview', { q, page, par_page: QUEUE_PER_PAGE });
  return useQuery({ queryKey: [...QUEUE, path], queryFn: () => fetchChecked(path, queuePageSchema), staleTime: 0, placeholderData: (previous) => previous });
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
