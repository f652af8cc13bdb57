//! One admin GET through the proxy, typed with the server's answer type (generated from the Rust
//! view types, docs/api-types.md); a failure goes through the error catalogue (toast) and reaches
//! the page as an error, never as empty data.
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';

export async function fetchAnswer<T>(path: string): Promise<T> {
  try {
    return await proxy<T>(path);
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}
