//! « Virement reçu » for an invoice on terms (`POST Commande/{id}/reglement`), after a
//! confirmation: the invoice is settled, its reminders stop and the customer is told. A page with
//! such buttons renders one `SettleConfirm`, the dialog they all open.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { settleTerms } from '../api/admin-orders';

const GROUP = 'settle';

/** The confirmation dialog of the page's « Virement reçu » buttons (render it once). */
export function SettleConfirm() {
  return <ConfirmDialog group={GROUP} />;
}

export function SettleButton({ orderId, numero }: { orderId: number; numero: string }) {
  const [busy, setBusy] = useState(false);
  const settle = async () => {
    setBusy(true);
    try {
      const answer = await settleTerms(orderId);
      showToast({ severity: 'success', summary: 'Virement reçu', detail: fr(`La facture ${answer.facture?.numero ?? ''} de ${numero} est réglée.`) });
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      label="Virement reçu"
      icon="pi pi-check-circle"
      disabled={busy}
      data-testid={`settle-${orderId}`}
      onClick={() =>
        confirmDialog({
          group: GROUP,
          header: 'Virement reçu',
          message: fr(`Confirmer la réception du virement de la commande ${numero} ? Sa facture sera marquée réglée et le client prévenu.`),
          acceptLabel: 'Confirmer',
          rejectLabel: 'Annuler',
          accept: () => void settle(),
        })
      }
    />
  );
}
