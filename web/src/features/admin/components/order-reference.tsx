//! The buyer's own order reference (purchase-order number) on the admin's order page, and its
//! correction while the order waits for payment (`PUT Commande/{id}/reference`): the invoice
//! prints the reference it finds when it is issued and is never changed afterwards.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { checkOrderReference, orderReferenceRefusal } from '@/lib/order-reference';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { setOrderReference, type AdminOrder } from '../api/admin-orders';

function ReferenceForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [text, setText] = useState(order.reference_commande_client ?? '');
  const [refusal, setRefusal] = useState<{ text: string; message: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = checkOrderReference(text);
  const error = checked.error ?? (refusal?.text === text ? refusal.message : null);
  const submit = async () => {
    if (error) return;
    setBusy(true);
    setServerError(null);
    try {
      await setOrderReference(order.id_commande, checked.value);
      showToast({ severity: 'success', summary: 'Référence enregistrée', detail: fr(checked.value ? `${order.numero} : « ${checked.value} ».` : `${order.numero} : référence retirée.`) });
      onDone();
    } catch (e) {
      const message = orderReferenceRefusal(e);
      if (message) setRefusal({ text, message });
      else setServerError(formErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form stack" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} data-testid="order-reference-form">
      <Field id="admin-reference" label="Référence de commande du client" error={error ?? undefined} hint="Laissez vide pour la retirer.">
        <InputText id="admin-reference" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" invalid={!!error} aria-invalid={!!error} aria-describedby={error ? 'admin-reference-error' : 'admin-reference-hint'} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Enregistrer la référence" icon="pi pi-check" loading={busy} disabled={!!error} />
        <Button type="button" label="Annuler" text onClick={onDone} />
      </div>
    </form>
  );
}

export function OrderReference({ order }: { order: AdminOrder }) {
  const [editing, setEditing] = useState(false);
  const editable = order.statut === 'en attente de paiement' && order.facture == null;
  if (editing) return <ReferenceForm order={order} onDone={() => setEditing(false)} />;
  return (
    <div className="order-head" data-testid="admin-order-reference">
      <span>
        {fr('Référence de commande du client : ')}
        {order.reference_commande_client ? <strong>{order.reference_commande_client}</strong> : <span className="muted">aucune</span>}
      </span>
      {editable ? <Button type="button" label="Corriger" icon="pi pi-pencil" text size="small" onClick={() => setEditing(true)} /> : null}
    </div>
  );
}
