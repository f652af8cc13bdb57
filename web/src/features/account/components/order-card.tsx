//! One order of the history: number, date, status and its history, the buyer's own order
//! reference, lines, totals, shipments, the invoice (and credit note) PDFs to download, and
//! « Commander à nouveau ».
import { Tag } from 'primereact/tag';
import { TotalsTable } from '@/components/order/totals-table';
import { VatLines } from '@/components/order/vat-lines';
import { formatCents, formatDate } from '@/lib/format';
import { fr } from '@/lib/typography';
import type { Order } from '@/lib/api/orders';
import { OrderDeliveries } from '@/components/order/order-deliveries';
import { OrderShipDate } from '@/components/order/order-ship-date';
import { OrderTerms } from '@/components/order/order-terms';
import { OrderStatusHistory } from './order-status-history';
import { ReorderButton } from './reorder-button';

const SEVERITY: Record<string, 'success' | 'info' | 'warning' | 'danger' | 'secondary'> = {
  'en attente de paiement': 'warning',
  payée: 'info',
  'en production': 'info',
  expédiée: 'info',
  livrée: 'success',
  annulée: 'danger',
};

export function OrderCard({ order }: { order: Order }) {
  return (
    <article className="card stack order-card" data-testid="order" aria-label={`Commande ${order.numero}`}>
      <header className="order-head">
        <h2>{order.numero}</h2>
        <span className="muted">du {formatDate(order.date)}</span>
        <Tag value={order.statut} severity={SEVERITY[order.statut] ?? 'secondary'} data-testid="order-status" />
        <strong className="order-total">{formatCents(order.total_ttc_cents)} TTC</strong>
      </header>
      {order.reference_commande_client ? (
        <p data-testid="order-reference">
          {fr('Votre référence : ')}
          <strong>{order.reference_commande_client}</strong>
        </p>
      ) : null}
      <OrderShipDate order={order} />
      <OrderTerms order={order} />
      <table className="spec-table">
        <thead>
          <tr>
            <th scope="col">Pièce</th>
            <th scope="col">Quantité</th>
            <th scope="col">Prix unitaire HT</th>
            <th scope="col">Total HT</th>
          </tr>
        </thead>
        <tbody>
          {order.lignes.map((l) => (
            <tr key={l.Id_Piece}>
              <td>{l.designation}</td>
              <td className="num">{l.Quantite}</td>
              <td className="num">{formatCents(l.prix_unitaire_cents)}</td>
              <td className="num">{formatCents(l.total_ht_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TotalsTable totals={order} />
      <VatLines order={order} />
      <p className="muted">Paiement par {order.mode_paiement === 'carte' ? 'carte bancaire' : 'virement bancaire'}</p>
      <OrderDeliveries deliveries={order.livraisons} />
      {order.paiement?.mode === 'virement' && order.statut === 'en attente de paiement' ? (
        <p data-testid="order-transfer">
          {fr('Virement attendu : ')}
          {formatCents(order.paiement.montant_cents)} à {order.paiement.titulaire}, IBAN {order.paiement.iban}, BIC {order.paiement.bic}, référence à indiquer{'\u00a0'}: <strong>{order.paiement.reference}</strong>.
        </p>
      ) : null}
      <div className="form-actions">
        <ReorderButton order={order} />
        {order.facture ? (
          <a className="p-button p-button-outlined" href={order.facture.url} download data-testid="invoice-link">
            <i className="pi pi-file-pdf" aria-hidden="true" />&nbsp;Facture {order.facture.numero} (PDF)
          </a>
        ) : null}
        {order.avoir ? (
          <a className="p-button p-button-outlined" href={order.avoir.url} download data-testid="credit-note-link">
            <i className="pi pi-file-pdf" aria-hidden="true" />&nbsp;Avoir {order.avoir.numero} (PDF)
          </a>
        ) : null}
      </div>
      <OrderStatusHistory history={order.historique} />
    </article>
  );
}
