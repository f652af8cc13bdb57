//! /compte/admin/reduction: every discount code with its rules and uses; create, change,
//! disable (kept for the orders that used it) or enable again, and see the orders that used it.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/loading';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { disableDiscount, useDiscounts, type Discount } from '../api/discounts';
import { AdminTable } from '../components/admin-table';
import { DiscountValue, Limits, Reserved, Validity } from '../components/discount-cells';
import { DiscountForm } from '../components/discount-form';
import { DiscountUses } from '../components/discount-uses';

export default function DiscountsPage() {
  const { data, isPending, isError } = useDiscounts();
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const [uses, setUses] = useState<Discount | null>(null);
  const disable = (d: Discount) =>
    confirmDialog({
      header: 'Désactiver le code',
      message: fr(`Désactiver le code « ${d.code} » ? Il ne pourra plus être utilisé ; les commandes passées le gardent.`),
      acceptLabel: 'Désactiver',
      rejectLabel: 'Annuler',
      acceptClassName: 'p-button-danger',
      accept: async () => {
        try {
          await disableDiscount(d.id);
          showToast({ severity: 'info', summary: 'Code désactivé', detail: d.code });
        } catch (error) {
          handleApiError(error);
        }
      },
    });
  const actions = (d: Discount) => (
    <div className="row-actions">
      <Button icon="pi pi-pencil" text aria-label={`Modifier ${d.code}`} tooltip="Modifier" onClick={() => setEditing(d)} data-testid="discount-edit" />
      <Button icon="pi pi-list" text aria-label={`Utilisations de ${d.code}`} tooltip="Utilisations" onClick={() => setUses(d)} data-testid="discount-show-uses" />
      {d.actif ? <Button icon="pi pi-ban" text severity="danger" aria-label={`Désactiver ${d.code}`} tooltip="Désactiver" onClick={() => disable(d)} data-testid="discount-disable" /> : null}
    </div>
  );
  return (
    <Page title="Réductions" lead="Codes de réduction : pourcentage ou montant fixe, période de validité, minimum de commande, limites d’utilisation et compte réservataire.">
      <ConfirmDialog />
      <div className="form-actions section">
        <Button label="Nouveau code" icon="pi pi-plus" onClick={() => setEditing('new')} />
      </div>
      {isPending ? <Loading /> : null}
      {isError ? <p className="card">La liste des codes ne peut pas être chargée pour le moment.</p> : null}
      {data ? (
        <AdminTable rows={data} dataKey="id" empty="Aucun code de réduction pour le moment." rowClassName={(d: Discount) => (d.actif ? '' : 'row-disabled')}>
          <Column header="Code" body={(d: Discount) => (<span className="customer-cell"><code data-testid="discount-code">{d.code}</code>{d.description ? <span className="muted">{d.description}</span> : null}</span>)} />
          <Column header="Valeur" body={(d: Discount) => <DiscountValue d={d} />} />
          <Column header="Validité" body={(d: Discount) => <Validity d={d} />} />
          <Column header="Utilisations" body={(d: Discount) => <Limits d={d} />} />
          <Column header="Réservé à" body={(d: Discount) => <Reserved d={d} />} />
          <Column header="État" body={(d: Discount) => <Tag value={d.actif ? 'Actif' : 'Désactivé'} severity={d.actif ? 'success' : 'secondary'} />} />
          <Column header="" body={actions} />
        </AdminTable>
      ) : null}
      <Dialog header={editing === 'new' ? 'Nouveau code de réduction' : editing ? `Modifier le code ${editing.code}` : ''} visible={editing !== null} onHide={() => setEditing(null)} style={{ width: 'min(48rem, 95vw)' }}>
        {editing ? <DiscountForm discount={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <Dialog header={uses ? `Utilisations du code ${uses.code}` : ''} visible={uses !== null} onHide={() => setUses(null)} style={{ width: 'min(60rem, 95vw)' }}>
        {uses ? <DiscountUses id={uses.id} /> : null}
      </Dialog>
    </Page>
  );
}
