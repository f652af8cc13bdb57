//! One address of the checkout (delivery or billing): chosen among the account's addresses, or
//! created in place with the account's address form.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { createAddress, type AddressPayload } from '@/lib/api/addresses';
import { refreshAccount, type Address } from '@/lib/api/me';
import { AddressForm } from '@/components/address/address-form';
import { showToast } from '@/lib/toast';
import { addressLine } from '../address-line';

interface AddressChoiceProps {
  id: string;
  label: string;
  addresses: Address[];
  value: number | null;
  onChange: (id: number) => void;
}

export function AddressChoice({ id, label, addresses, value, onChange }: AddressChoiceProps) {
  const [creating, setCreating] = useState(false);
  const create = async (payload: AddressPayload) => {
    const created = await createAddress(payload);
    await refreshAccount();
    const newId = (created as { idAdresse?: number } | null)?.idAdresse;
    if (newId) onChange(newId);
    setCreating(false);
    showToast({ severity: 'success', summary: 'Adresse enregistrée', detail: `${payload.rue}, ${payload.ville}` });
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="address-choice">
        <Dropdown
          inputId={id}
          value={value}
          options={addresses.map((a) => ({ value: a.idAdresse, label: addressLine(a) }))}
          onChange={(e) => onChange(e.value as number)}
          placeholder={addresses.length ? 'Choisissez une adresse' : 'Aucune adresse enregistrée'}
          disabled={addresses.length === 0}
        />
        <Button type="button" label="Nouvelle adresse" icon="pi pi-plus" outlined onClick={() => setCreating(true)} />
      </div>
      <Dialog header="Nouvelle adresse" visible={creating} onHide={() => setCreating(false)} style={{ width: 'min(46rem, 95vw)' }}>
        {creating ? <AddressForm address={null} onSubmit={create} onCancel={() => setCreating(false)} /> : null}
      </Dialog>
    </div>
  );
}
