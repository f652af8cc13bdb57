//! What a basket line's review status means for the customer: its label's colour, whether the line
//! can be ordered, and the French explanation shown when the basket cannot be ordered.
import type { CartLine } from './api/cart';

export const PART_STATUS = { analysee: 1, aVerifier: 2, validee: 3, refusee: 4 } as const;

type Severity = 'success' | 'info' | 'warning' | 'danger';

export function statusSeverity(idStatut: number): Severity {
  switch (idStatut) {
    case PART_STATUS.validee:
      return 'success';
    case PART_STATUS.aVerifier:
      return 'warning';
    case PART_STATUS.refusee:
      return 'danger';
    default:
      return 'info';
  }
}

type StatusFields = Pick<CartLine, 'commandable' | 'erreur' | 'nom_fichier' | 'id_statut'>;

/** Why the basket cannot be ordered, one French sentence per blocking line (empty: orderable). */
export function blockingReasons(lines: readonly StatusFields[]): string[] {
  return lines.flatMap((l) => {
    if (l.erreur) return [`« ${l.nom_fichier} » ne peut pas être chiffrée : retirez-la du panier.`];
    if (l.commandable) return [];
    if (l.id_statut === PART_STATUS.refusee) return [`« ${l.nom_fichier} » a été refusée : retirez-la du panier.`];
    return [`« ${l.nom_fichier} » attend la vérification d’un technicien : la commande sera possible une fois la pièce validée.`];
  });
}

/** Longest review message the server accepts, in characters. */
export const MAX_REVIEW_MESSAGE = 2000;

/** What is wrong with a review request's message, in French (null: it can be sent). */
export function reviewMessageError(message: string, idStatut: number): string | null {
  const text = message.trim();
  if ([...text].length > MAX_REVIEW_MESSAGE) return `Votre message ne doit pas dépasser ${MAX_REVIEW_MESSAGE} caractères.`;
  if (idStatut === PART_STATUS.refusee && text === '') return 'Cette pièce a été refusée : expliquez dans votre message ce que notre équipe doit revoir.';
  return null;
}
