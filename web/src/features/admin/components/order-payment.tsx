//! An order's payment for the admin: the mode, when it was received, the transfer's reference
//! while it is awaited, and the invoice and credit note PDFs.
import { formatCents, formatDateTime } from '@/lib/format';
import { fr } from '@/lib/typography';
import type { AdminOrder } from '../api/admin-orders';

export function OrderPayment({ order }: { order: AdminOrder }) {
  const paidAt = order.historique.find((h) => h.vers === 'payée')?.date;
  return (
    <div className="stack order-payment">
      <p>
        {order.mode_paiement === 'carte' ? 'Carte bancaire' : 'Virement bancaire'}
        {paidAt ? <> — payé le {formatDateTime(paidAt)}</> : order.statut === 'annulée' ? ' — non payée' : ' — paiement attendu'}
      </p>
      {order.paiement?.mode === 'virement' ? (
        <p data-testid="transfer-expected">
          {fr(`Virement attendu : ${formatCents(order.paiement.montant_cents)}, référence `)}
          <strong>{order.paiement.reference}</strong>
        </p>
      ) : null}
      <div className="form-actions">
        {order.facture ? (
          <a className="p-button p-button-outlined" href={order.facture.url} download data-testid="invoice-link">
            <i className="pi pi-file-pdf" aria-hidden="true" />&nbsp;Facture {order.facture.numero}
          </a>
        ) : (
          <span className="muted">Pas encore de facture.</span>
        )}
        {order.avoir ? (
          <a className="p-button p-button-outlined" href={order.avoir.url} download data-testid="credit-note-link">
            <i className="pi pi-file-pdf" aria-hidden="true" />&nbsp;Avoir {order.avoir.numero}
          </a>
        ) : null}
      </div>
    </div>
  );
}
