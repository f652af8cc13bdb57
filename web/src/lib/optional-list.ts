//! Fetches a list from a controller that may not exist yet on this server: 404 means "empty".
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
