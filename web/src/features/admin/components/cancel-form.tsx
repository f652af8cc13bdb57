//! Cancelling an order with its reason (`PUT Commande/{id}/statut` to "annulée"). After payment
//! the server issues the credit note, which prints the reason.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { changeStatus } from '../api/admin-orders';
import { cancelSchema, type CancelValues } from '../order-forms';


interface CancelFormProps {
  orderId: number;
  numero: string;
  /** The order was paid: the cancellation issues a credit note. */
  paid: boolean;
  onDone: () => void;
}

export function CancelForm({ orderId, numero, paid, onDone }: CancelFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<CancelValues>({ resolver: zodResolver(cancelSchema), defaultValues: { motif: '' } });
  const submit = async ({ motif }: CancelValues) => {
    setServerError(null);
    try {
      const answer = await changeStatus(orderId, 'annulée', motif);
      showToast({
        severity: 'success',
        summary: 'Commande annulée',
        detail: answer.avoir ? fr(`${numero} : avoir ${answer.avoir.numero} émis.`) : fr(`${numero} est annulée.`),
      });
      onDone();
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form stack" onSubmit={handleSubmit(submit)} noValidate data-testid="cancel-form">
      {paid ? <Message severity="warn" text={fr('La commande est payée : un avoir du montant de la facture sera émis avec ce motif.')} /> : null}
      <Field id="cancel-reason" label={paid ? 'Motif (imprimé sur l’avoir)' : 'Motif'} error={formState.errors.motif?.message}>
        <InputTextarea id="cancel-reason" rows={3} autoResize maxLength={2000} invalid={!!formState.errors.motif} {...register('motif')} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label={paid ? 'Annuler et émettre l’avoir' : 'Annuler la commande'} icon="pi pi-times-circle" severity="danger" loading={formState.isSubmitting} />
        <Button type="button" label="Retour" text onClick={onDone} />
      </div>
    </form>
  );
}
