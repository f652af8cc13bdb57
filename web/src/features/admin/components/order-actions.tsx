//! The next legal statuses of an order (`statuts_suivants`, from the server's state machine) as
//! buttons: each asks for a confirmation, the parcel (to ship) or the reason (to cancel).
import { useState } from 'react';
import { Button } from 'primereact/button';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { changeStatus, type AdminOrder } from '../api/admin-orders';
import { statusAction } from '../api/order-statuses';
import { CancelForm } from './cancel-form';
import { DeliveryForm } from './delivery-form';

export function OrderActions({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState<'delivery' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  if (order.statuts_suivants.length === 0) {
    return <p className="muted" data-testid="order-final">{fr('Cette commande est terminée : aucun changement d’état n’est possible.')}</p>;
  }
  const move = async (to: string, label: string) => {
    setBusy(true);
    try {
      const answer = await changeStatus(order.id_commande, to, label);
      const detail = answer.facture ? `Facture ${answer.facture.numero} émise et envoyée au client.` : `${order.numero} est maintenant « ${to} ».`;
      showToast({ severity: 'success', summary: label, detail: fr(detail) });
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const paid = order.facture != null;
  return (
    <div className="form-actions" data-testid="order-actions">
      <ConfirmDialog />
      {order.statuts_suivants.map((to) => {
        const action = statusAction(order.statut, to, order.mode_paiement);
        const onClick = () =>
          action.form
            ? setOpen(action.form)
            : confirmDialog({
                header: action.label,
                message: fr(action.confirm),
                acceptLabel: 'Confirmer',
                rejectLabel: 'Annuler',
                accept: () => void move(to, action.label),
              });
        return (
          <Button key={to} label={action.label} icon={action.icon} severity={action.danger ? 'danger' : undefined} outlined={action.danger} disabled={busy} onClick={onClick} data-testid={`action-${to}`} />
        );
      })}
      <Dialog header={`Expédier la commande ${order.numero}`} visible={open === 'delivery'} onHide={() => setOpen(null)} style={{ width: 'min(32rem, 95vw)' }}>
        {open === 'delivery' ? <DeliveryForm orderId={order.id_commande} numero={order.numero} onDone={() => setOpen(null)} /> : null}
      </Dialog>
      <Dialog header={`Annuler la commande ${order.numero}`} visible={open === 'cancel'} onHide={() => setOpen(null)} style={{ width: 'min(32rem, 95vw)' }}>
        {open === 'cancel' ? <CancelForm orderId={order.id_commande} numero={order.numero} paid={paid} onDone={() => setOpen(null)} /> : null}
      </Dialog>
    </div>
  );
}
