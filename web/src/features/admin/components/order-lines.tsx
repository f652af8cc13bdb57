//! An order's lines for the admin: each part with a link to its original file.
import { formatCents } from '@/lib/format';
import type { AdminOrder } from '../api/admin-orders';

export function OrderLines({ lines }: { lines: AdminOrder['lignes'] }) {
  return (
    <table className="spec-table" data-testid="order-lines">
      <thead>
        <tr>
          <th scope="col">Pièce</th>
          <th scope="col">Fichier</th>
          <th scope="col" className="num">Quantité</th>
          <th scope="col" className="num">Prix unitaire HT</th>
          <th scope="col" className="num">Total HT</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.Id_Piece}>
            <td>{l.designation}</td>
            <td>
              <a href={`/api/backend/Pieces/Fichier/${l.Id_Piece}`} download data-testid="part-file">
                <i className="pi pi-download" aria-hidden="true" />&nbsp;Pièce n°&nbsp;{l.Id_Piece}
              </a>
            </td>
            <td className="num">{l.Quantite}</td>
            <td className="num">{formatCents(l.prix_unitaire_cents)}</td>
            <td className="num">{formatCents(l.total_ht_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
