//! The basket (`ComptePiece`): the parts saved to the account with their quantities.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import { fetchOptionalList } from '@/lib/optional-list';
import { queryClient } from '@/lib/query-client';

export interface CartLine {
  id?: number;
  Id_Piece: number;
  Quantite: number;
  nom?: string;
  nomFichier?: string;
  prixUnitaire?: number;
  prix?: number;
}

export const cartKey = ['comptePiece'] as const;

export function useCart() {
  return useQuery({ queryKey: cartKey, queryFn: () => fetchOptionalList<CartLine>('ComptePiece') });
}

export async function removeCartLine(id: number): Promise<void> {
  await proxy(`ComptePiece/${id}`, 'DELETE');
  await queryClient.invalidateQueries({ queryKey: cartKey });
}
