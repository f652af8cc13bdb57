//! The basket (`ComptePiece`) as the cart and the checkout read it: the parts saved to the account,
//! priced by the server, with their quantities. A missing route is an error here, never an empty
//! basket. The cart's own changes are in `features/cart/api/cart-lines.ts`.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { CartLine } from '@/lib/api-types.generated';
import { handleApiError } from '@/lib/errors';

/** One line of `GET ComptePiece` (generated from the server's type; amounts are integer cents
 * excluding VAT). */
export type { CartLine } from '@/lib/api-types.generated';

export const cartKey = ['comptePiece'] as const;

export async function fetchCart(): Promise<CartLine[]> {
  try {
    return await proxy<CartLine[]>('ComptePiece');
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

export function useCart() {
  // Always fresh: the quote page adds lines without going through this cache.
  return useQuery({ queryKey: cartKey, queryFn: fetchCart, staleTime: 0 });
}
