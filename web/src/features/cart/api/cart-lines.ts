//! The cart's changes to the basket (`ComptePiece`): a line's quantity, removing a line, asking a
//! technician to review a part. Each keeps the shared basket query (`cartKey`) current.
import { proxy } from '@/lib/api-client';
import { cartKey, type CartLine } from '@/lib/api/cart';
import { queryClient } from '@/lib/query-client';

/** Quantities the server accepts on a line. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 1000;

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
