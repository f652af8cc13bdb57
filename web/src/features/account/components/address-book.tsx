//! The account's addresses: list, add, edit and delete (`Adresses`), with the VIES status of each
//! company's VAT number (checked by the server when the address is saved).
import { useState } from 'react';
import { Button } from 'primereact/button';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { createAddress, deleteAddress, updateAddress, type AddressPayload } from '@/lib/api/addresses';
import { refreshAccount, type Address } from '@/lib/api/me';
import { countryName } from '@/lib/countries';
import { AddressForm } from '@/components/address/address-form';
import { ViesStatusLine } from './vies-status';

export function AddressBook({ addresses }: { addresses: Address[] }) {
  const [editing, setEditing] = useState<Address | 'new' | null>(null);

  const save = async (payload: AddressPayload) => {
    if (editing && editing !== 'new') await updateAddress(editing.idAdresse, payload);
    else await createAddress(payload);
    await refreshAccount();
    setEditing(null);
    showToast({ severity: 'success', summary: 'Adresse enregistrée', detail: `${payload.rue}, ${payload.ville}` });
  };

  const remove = (address: Address) =>
    confirmDialog({
      header: 'Supprimer l’adresse',
      message: fr(`Supprimer l'adresse « ${address.rue}, ${address.ville} » ?`),
      acceptLabel: 'Supprimer',
      rejectLabel: 'Annuler',
      acceptClassName: 'p-button-danger',
      accept: async () => {
        try {
          await deleteAddress(address.idAdresse);
          await refreshAccount();
          showToast({ severity: 'info', summary: 'Adresse supprimée', detail: `${address.rue}, ${address.ville}` });
        } catch (error) {
          handleApiError(error);
        }
      },
    });

  return (
    <>
      <ConfirmDialog />
      {addresses.length === 0 ? <p className="muted">Aucune adresse enregistrée pour le moment.</p> : null}
      <ul className="address-list">
        {addresses.map((a) => (
          <li key={a.idAdresse} className="address-card">
            <address>
              <strong>
                {a.prenom} {a.nom}
              </strong>
              {a.entreprise?.nom_Entreprise ? <span>{a.entreprise.nom_Entreprise}{a.entreprise.numero_Tva ? ` · TVA ${a.entreprise.numero_Tva}` : ''}</span> : null}
              {a.entreprise?.siren ? <span data-testid="company-siren">SIREN {a.entreprise.siren}</span> : null}
              {a.entreprise?.numero_Tva ? <ViesStatusLine vies={a.entreprise.vies} /> : null}
              <span>{a.rue}</span>
              {a.complement ? <span>{a.complement}</span> : null}
              <span>
                {a.codePostal} {a.ville}
              </span>
              <span>{a.idPays?.name ?? countryName(a.idPays?.code ?? '')}</span>
              {a.tel ? <span>{a.tel}</span> : null}
            </address>
            <div className="form-actions">
              <Button type="button" label="Modifier" icon="pi pi-pencil" text onClick={() => setEditing(a)} />
              <Button type="button" label="Supprimer" icon="pi pi-trash" text severity="danger" onClick={() => remove(a)} />
            </div>
          </li>
        ))}
      </ul>
      <Button type="button" label="Ajouter une adresse" icon="pi pi-plus" outlined onClick={() => setEditing('new')} />
      <Dialog header={editing === 'new' ? 'Nouvelle adresse' : 'Modifier l’adresse'} visible={editing !== null} onHide={() => setEditing(null)} style={{ width: 'min(46rem, 95vw)' }}>
        {editing !== null ? <AddressForm address={editing === 'new' ? null : editing} onSubmit={save} onCancel={() => setEditing(null)} /> : null}
      </Dialog>
    </>
  );
}
