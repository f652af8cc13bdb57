//! Fetches a list from a controller that is not built yet on this server (orders, admin lists):
//! 404 means "empty". Never use it for a controller that exists (the basket `ComptePiece`): a
//! missing route must show as an error, not as an empty list.
import { ApiError, proxy } from './api-client';
import { handleApiError } from './errors';

export async function fetchOptionalList<T>(path: string): Promise<T[]> {
  try {
    const answer = await proxy<T[] | { items?: T[] } | null>(path);
    if (Array.isArray(answer)) return answer;
    return answer?.items ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    handleApiError(error);
    throw error;
  }
}
