//! The basket (`ComptePiece`) as the cart and the checkout read it: the parts saved to the account,
//! priced by the server, with their quantities. A missing route is an error here, never an empty
//! basket. The cart's own changes are in `features/cart/api/cart-lines.ts`.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';

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
