//! One basket line: file, options summary, review status, unit price, quantity editor, line
//! price, removal.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { handleApiError } from '@/lib/errors';
import { formatCents } from '@/lib/format';
import { shipsOn } from '@/lib/ship-date';
import { fr } from '@/lib/typography';
import { showToast } from '@/lib/toast';
import type { CartLine } from '@/lib/api/cart';
import { removeCartLine, setCartQuantity } from '../api/cart-lines';
import { CartLineStatus } from './cart-line-status';
import { QuantityInput } from './quantity-input';

export function CartLineRow({ line }: { line: CartLine }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = () =>
    run(async () => {
      await removeCartLine(line.id);
      showToast({ severity: 'info', summary: 'Panier', detail: `« ${line.nom_fichier} » a été retiré du panier.` });
    });
  return (
    <tr data-testid="cart-line">
      <td>
        <strong className="cart-file">{line.nom_fichier}</strong>
        <div className="cart-details">
          <span className="muted">{line.resume}</span>
          {line.delai_jours != null ? <span className="muted">Délai de fabrication&nbsp;: {line.delai_jours}&nbsp;jours ouvrés</span> : null}
          {line.expedition ? (
            <span className="muted" data-testid="cart-line-ship" data-date={line.expedition}>
              {shipsOn(line.expedition)}
            </span>
          ) : null}
          {line.reparations?.length ? (
            <span className="muted" data-testid="cart-line-repairs">
              {fr(`Réparé automatiquement : ${line.reparations.join(' ')}`)}
            </span>
          ) : null}
          {line.erreur ? (
            <span className="error" role="alert">
              {line.erreur}
            </span>
          ) : null}
          <CartLineStatus line={line} />
        </div>
      </td>
      <td className="num">{line.prix_unitaire != null ? formatCents(line.prix_unitaire) : '—'}</td>
      <td>
        <QuantityInput id={`quantite-${line.id}`} label={line.nom_fichier} value={line.Quantite} busy={busy} onCommit={(q) => run(() => setCartQuantity(line.Id_Piece, q))} />
        {line.remise > 0 ? <div className="muted cart-details">Remise quantité&nbsp;: −{line.remise}&nbsp;%</div> : null}
      </td>
      <td className="num" data-testid="cart-line-price">
        {line.prix != null ? formatCents(line.prix) : '—'}
        {line.prix_devis ? (
          <div className="muted cart-details" data-testid="cart-line-quote">
            Prix du devis {line.prix_devis}
          </div>
        ) : null}
      </td>
      <td>
        <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`Retirer ${line.nom_fichier} du panier`} disabled={busy} onClick={remove} />
      </td>
    </tr>
  );
}
