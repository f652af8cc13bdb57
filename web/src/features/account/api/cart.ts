//! The basket (`ComptePiece`): the parts saved to the account, priced by the server, with their
//! quantities. A missing route is an error here, never an empty basket.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import { queryClient } from '@/lib/query-client';

/** One line of `GET ComptePiece`; amounts are integer cents excluding VAT. */
export interface CartLine {
  id: number;
  Id_Piece: number;
  Quantite: number;
  nomFichier: string;
  idStatut: number;
  procede: string | null;
  resume: string;
  prixUnitaire: number | null;
  prix: number | null;
  remise: number;
  delaiJours: number | null;
  erreur: string | null;
  /** Review status of the part (1 Analysée, 2 À vérifier, 3 Validée, 4 Refusée). */
  id_statut: number;
  /** French label of `id_statut`. */
  statut: string;
  /** Why the part needs a review (French, from the analysis). */
  motifs: string[];
  /** What the engine repaired before measuring (French; for a body split out of a file, on that body). */
  reparations?: string[];
  commentaire_admin: string | null;
  /** The customer's latest review request. */
  demande_client: string;
  /** Only parts "Analysée" or "Validée" can be ordered. */
  commandable: boolean;
}

export const cartKey = ['comptePiece'] as const;

/** Quantities the server accepts on a line. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 1000;

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

/** Sets the quantity of the line of part `idPiece`; returns the repriced line. */
export async function setCartQuantity(idPiece: number, quantite: number): Promise<CartLine> {
  const line = await proxy<CartLine>('ComptePiece', 'POST', { Id_Piece: idPiece, Quantite: quantite });
  queryClient.setQueryData<CartLine[]>(cartKey, (lines) => lines?.map((l) => (l.id === line.id ? line : l)));
  return line;
}

export async function removeCartLine(id: number): Promise<void> {
  await proxy(`ComptePiece/${id}`, 'DELETE');
  queryClient.setQueryData<CartLine[]>(cartKey, (lines) => lines?.filter((l) => l.id !== id));
  await queryClient.invalidateQueries({ queryKey: cartKey });
}

/** `PUT Pieces/AskForReview/{id}`: asks a technician to check the part, with a message. */
export async function askForReview(idPiece: number, message: string): Promise<void> {
  await proxy(`Pieces/AskForReview/${idPiece}`, 'PUT', { message });
  await queryClient.invalidateQueries({ queryKey: cartKey });
}
