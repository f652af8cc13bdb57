import { describe, expect, it } from 'vitest';
import { MAX_REVIEW_MESSAGE, blockingReasons, reviewMessageError, statusSeverity } from '../cart-status';

const line = (over: Partial<{ commandable: boolean; erreur: string | null; id_statut: number }>) => ({
  nom_fichier: 'support.stl',
  commandable: true,
  erreur: null,
  id_statut: 1,
  ...over,
});

describe('blockingReasons', () => {
  it('lets orderable lines through', () => {
    expect(blockingReasons([line({}), line({ id_statut: 3 })])).toEqual([]);
  });

  it('explains in French why each line blocks the order', () => {
    expect(blockingReasons([line({ commandable: false, id_statut: 2 })])).toEqual([
      '« support.stl » attend la vérification d’un technicien : la commande sera possible une fois la pièce validée.',
    ]);
    expect(blockingReasons([line({ commandable: false, id_statut: 4 })])[0]).toContain('a été refusée');
    expect(blockingReasons([line({ erreur: 'Matière retirée du catalogue.' })])[0]).toContain('ne peut pas être chiffrée');
  });

  it('gives each status its colour', () => {
    expect([1, 2, 3, 4].map(statusSeverity)).toEqual(['info', 'warning', 'success', 'danger']);
  });
});

describe('reviewMessageError', () => {
  it('accepts an empty message, except for a refused part', () => {
    expect(reviewMessageError('  ', 1)).toBeNull();
    expect(reviewMessageError('', 3)).toBeNull();
    expect(reviewMessageError(' ', 4)).toContain('expliquez dans votre message');
    expect(reviewMessageError('Parois épaissies à 1 mm.', 4)).toBeNull();
  });

  it('counts characters, not UTF-16 units, up to the server limit', () => {
    expect(reviewMessageError('é'.repeat(MAX_REVIEW_MESSAGE), 1)).toBeNull();
    expect(reviewMessageError('🙂'.repeat(MAX_REVIEW_MESSAGE), 1)).toBeNull();
    expect(reviewMessageError('é'.repeat(MAX_REVIEW_MESSAGE + 1), 1)).toContain('2000 caractères');
  });
});
