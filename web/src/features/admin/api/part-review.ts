//! Part review requests (docs/commerce-api.md, "Parts"): the queue, one searched page at a time
//! (`Pieces/ForReview?q=&page=&par_page=`), one part as an admin
//! (`Pieces/ById_AsAdmin/{id}`), the statuses and the decision (`PUT Pieces/status`).
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { PartStatus, ReviewPage, ReviewPart } from '@/lib/api-types.generated';
import { controllerPath } from '@/lib/controller-path';
import { fetchList } from '@/lib/fetch-list';
import { queryClient } from '@/lib/query-client';
import { fetchAnswer } from './fetch-answer';

export type { PartHistory, PartStatus, ReviewPart } from '@/lib/api-types.generated';
/** A row of the queue (the viewer reads the whole part by its id). */
export type QueueRow = ReviewPart;
export type QueuePage = ReviewPage;

/** Rows a page of the queue. */
export const QUEUE_PER_PAGE = 20;

const QUEUE = ['admin', 'Pieces/ForReview'] as const;

/** One page of the queue, longest waiting first; `q` searches the file name and the customer. */
export function useReviewQueue(q: string, page: number) {
  const path = controllerPath('Pieces/ForReview', { q, page, par_page: QUEUE_PER_PAGE });
  return useQuery({ queryKey: [...QUEUE, path], queryFn: () => fetchAnswer<ReviewPage>(path), staleTime: 0, placeholderData: (previous) => previous });
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
