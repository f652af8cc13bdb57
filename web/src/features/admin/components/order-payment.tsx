//! An order's payment for the admin: the mode, when it was received, the transfer's reference
//! while it is awaited, an invoice on terms (due date, late, settled) with « Virement reçu », and
//! the invoice and credit note PDFs.
import { OrderTerms } from '@/components/order/order-terms';
import { formatCents, formatDateTime } from '@/lib/format';
import { fr } from '@/lib/typography';
import type { AdminOrder } from '../api/admin-orders';
import { SettleButton, SettleConfirm } from './settle-button';

const MODE: Record<string, string> = { carte: 'Carte bancaire', virement: 'Virement bancaire', virement_30_jours: 'Virement à 30 jours (paiement à terme)' };

export function OrderPayment({ order }: { order: AdminOrder }) {
  const onTerms = order.mode_paiement === 'virement_30_jours';
  const paidAt = onTerms ? order.reglee_le : order.historique.find((h) => h.vers === 'payée')?.date;
  return (
    <div className="stack order-payment">
      <p>
        {MODE[order.mode_paiement] ?? order.mode_paiement}
        {paidAt ? <> — payé le {formatDateTime(paidAt)}</> : order.statut === 'annulée' ? ' — non payée' : ' — paiement attendu'}
      </p>
      <OrderTerms order={order} />
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
        {onTerms && !order.reglee_le && order.statut !== 'annulée' && order.statut !== 'en attente de paiement' ? (
          <>
            <SettleConfirm />
            <SettleButton orderId={order.id_commande} numero={order.numero} />
          </>
        ) : null}
      </div>
    </div>
  );
}

