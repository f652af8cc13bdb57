//! /compte/panier: the parts saved to the basket, or its empty state.
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { handleApiError } from '@/lib/errors';
import { formatCents } from '@/lib/format';
import { removeCartLine, useCart } from '../api/cart';

export default function CartPage() {
  const { data: lines, isPending, isError } = useCart();
  return (
    <Page title="Panier" heading="Votre panier">
      {isPending ? <Loading /> : null}
      {isError ? <p className="card">Le panier ne peut pas être chargé pour le moment.</p> : null}
      {lines && lines.length === 0 ? (
        <div className="card empty-state">
          <i className="pi pi-shopping-cart" aria-hidden="true" />
          <p>Votre panier est vide.</p>
          <Link to="/devis_ligne" className="p-button">
            Déposer un fichier pour un devis
          </Link>
        </div>
      ) : null}
      {lines && lines.length > 0 ? (
        <div className="card stack">
          <table className="spec-table">
            <thead>
              <tr>
                <th scope="col">Pièce</th>
                <th scope="col">Quantité</th>
                <th scope="col">Prix HT</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id ?? line.Id_Piece}>
                  <td>{line.nomFichier ?? line.nom ?? `Pièce n° ${line.Id_Piece}`}</td>
                  <td>{line.Quantite}</td>
                  <td>{line.prix != null ? formatCents(line.prix) : '—'}</td>
                  <td>
                    <Button type="button" icon="pi pi-trash" text severity="danger" aria-label="Retirer du panier" onClick={() => removeCartLine(line.id ?? line.Id_Piece).catch(handleApiError)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="form-actions">
            <Link to="/checkout" className="p-button">
              Passer la commande
            </Link>
          </div>
        </div>
      ) : null}
    </Page>
  );
}
