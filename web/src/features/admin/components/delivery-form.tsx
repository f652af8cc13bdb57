//! The parcel of an order (`POST Commande/{id}/Livraisons`): carrier and tracking number. The
//! order becomes "expédiée" and the customer receives the tracking by e-mail.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { addDelivery } from '../api/admin-orders';
import { deliverySchema, type DeliveryValues } from '../order-forms';

/** Carriers whose tracking link the server knows; another name is accepted, without a link. */
const CARRIERS = ['Colissimo', 'Chronopost', 'UPS', 'DHL', 'DPD', 'GLS', 'FedEx'];


export function DeliveryForm({ orderId, numero, onDone }: { orderId: number; numero: string; onDone: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, control, handleSubmit, formState } = useForm<DeliveryValues>({
    resolver: zodResolver(deliverySchema),
    defaultValues: { transporteur: 'Colissimo', numeroSuivi: '' },
  });
  const { errors } = formState;
  const submit = async (values: DeliveryValues) => {
    setServerError(null);
    try {
      await addDelivery(orderId, values.transporteur, values.numeroSuivi);
      showToast({ severity: 'success', summary: 'Commande expédiée', detail: `${numero} : ${values.transporteur} ${values.numeroSuivi}. Le client a reçu le suivi par e-mail.`.replace(' :', '\u00a0:') });
      onDone();
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form stack" onSubmit={handleSubmit(submit)} noValidate data-testid="delivery-form">
      <Field id="delivery-carrier" label="Transporteur" error={errors.transporteur?.message}>
        <Controller
          name="transporteur"
          control={control}
          render={({ field }) => (
            <Dropdown inputId="delivery-carrier" value={field.value} options={CARRIERS} editable onChange={(e) => field.onChange(String(e.value ?? ''))} invalid={!!errors.transporteur} />
          )}
        />
      </Field>
      <Field id="delivery-tracking" label="Numéro de suivi" error={errors.numeroSuivi?.message}>
        <InputText id="delivery-tracking" autoComplete="off" invalid={!!errors.numeroSuivi} {...register('numeroSuivi')} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Enregistrer l’expédition" icon="pi pi-send" loading={formState.isSubmitting} />
        <Button type="button" label="Annuler" text onClick={onDone} />
      </div>
    </form>
  );
}
