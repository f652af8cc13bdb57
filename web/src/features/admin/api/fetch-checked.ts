//! One admin GET through the proxy, checked against its zod schema; a failure goes through the
//! error catalogue (toast) and reaches the page as an error, never as empty data. `pageOf` is the
//! shape of a server-side page (`{items, total, page, par_page}`).
import { z } from 'zod';
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';

export async function fetchChecked<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  try {
    return schema.parse(await proxy(path));
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), par_page: z.number().int() });
