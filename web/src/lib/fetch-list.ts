//! Fetches a list from a controller: a plain array, or the `items` of a paged answer
//! (`{items, total, page, par_page}`). Every failure, 404 included, goes through the error
//! catalogue and reaches the page as an error, never as an empty list.
import { proxy } from './api-client';
import { handleApiError } from './errors';

export async function fetchList<T>(path: string): Promise<T[]> {
  try {
    const answer = await proxy<T[] | { items: T[] }>(path);
    return Array.isArray(answer) ? answer : answer.items;
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}
