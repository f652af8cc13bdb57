//! Creating or changing a discount code with every rule: percent or fixed amount, description,
//! validity dates (Paris days), minimum order, global and per-account limits, an account it is
//! reserved to (by e-mail), active or not. The server's French refusals show above the buttons.
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { saveDiscount, type Discount } from '../api/discounts';
import { discountDefaults, discountFormSchema, toPayload, type DiscountValues } from '../discount-schema';

const KINDS = [
  { label: 'Pourcentage', value: 'percent' },
  { label: 'Montant fixe', value: 'fixed' },
];

type NumberName = 'valeur' | 'minimum' | 'max' | 'maxParCompte';

function NumberInput({ control, name, id, suffix, currency }: { control: Control<DiscountValues>; name: NumberName; id: string; suffix?: string; currency?: boolean }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <InputNumber
          inputId={id}
          value={field.value}
          onValueChange={(e) => field.onChange(e.value ?? null)}
          locale="fr-FR"
          mode={currency ? 'currency' : 'decimal'}
          currency={currency ? 'EUR' : undefined}
          maxFractionDigits={currency || suffix ? 2 : 0}
          suffix={suffix}
          invalid={fieldState.invalid}
        />
      )}
    />
  );
}

function DateInput({ control, name, id }: { control: Control<DiscountValues>; name: 'valideDu' | 'valideAu'; id: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Calendar inputId={id} value={field.value} onChange={(e) => field.onChange(e.value ?? null)} dateFormat="dd/mm/yy" locale="fr" showButtonBar showIcon invalid={fieldState.invalid} />
      )}
    />
  );
}

export function DiscountForm({ discount, onDone }: { discount: Discount | null; onDone: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, control, handleSubmit, formState } = useForm<DiscountValues>({ resolver: zodResolver(discountFormSchema), defaultValues: discountDefaults(discount) });
  const { errors } = formState;
  const percent = useWatch({ control, name: 'type' }) === 'percent';
  const submit = async (values: DiscountValues) => {
    setServerError(null);
    try {
      const saved = await saveDiscount(discount?.id ?? null, toPayload(values));
      showToast({ severity: 'success', summary: 'Code enregistré', detail: saved.code });
      onDone();
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form form-grid" onSubmit={handleSubmit(submit)} noValidate data-testid="discount-form">
      <Field id="discount-code" label="Code" error={errors.code?.message}>
        <InputText id="discount-code" autoComplete="off" invalid={!!errors.code} {...register('code')} />
      </Field>
      <Field id="discount-type" label="Type de réduction">
        <Controller name="type" control={control} render={({ field }) => <SelectButton id="discount-type" value={field.value} options={KINDS} allowEmpty={false} onChange={(e) => field.onChange(e.value)} />} />
      </Field>
      <Field id="discount-valeur" label={percent ? 'Pourcentage' : 'Montant HT'} error={errors.valeur?.message}>
        <NumberInput control={control} name="valeur" id="discount-valeur" suffix={percent ? '\u00a0%' : undefined} currency={!percent} />
      </Field>
      <Field id="discount-minimum" label="Minimum de commande HT (facultatif)" error={errors.minimum?.message}>
        <NumberInput control={control} name="minimum" id="discount-minimum" currency />
      </Field>
      <Field id="discount-du" label="Valable à partir du (facultatif)" error={errors.valideDu?.message}>
        <DateInput control={control} name="valideDu" id="discount-du" />
      </Field>
      <Field id="discount-au" label="Valable jusqu’au (inclus, facultatif)" error={errors.valideAu?.message}>
        <DateInput control={control} name="valideAu" id="discount-au" />
      </Field>
      <Field id="discount-max" label="Utilisations au total (vide : sans limite)" error={errors.max?.message}>
        <NumberInput control={control} name="max" id="discount-max" />
      </Field>
      <Field id="discount-max-compte" label="Utilisations par compte (vide : sans limite)" error={errors.maxParCompte?.message}>
        <NumberInput control={control} name="maxParCompte" id="discount-max-compte" />
      </Field>
      <Field id="discount-compte" label="Réservé au compte (e-mail, facultatif)" error={errors.emailCompte?.message}>
        <InputText id="discount-compte" type="email" autoComplete="off" invalid={!!errors.emailCompte} {...register('emailCompte')} />
      </Field>
      <Field id="discount-description" label="Description (montrée au client)" error={errors.description?.message}>
        <InputText id="discount-description" invalid={!!errors.description} {...register('description')} />
      </Field>
      <div className="form-span checkbox-line">
        <Controller name="actif" control={control} render={({ field }) => <Checkbox inputId="discount-actif" checked={field.value} onChange={(e) => field.onChange(Boolean(e.checked))} />} />
        <label htmlFor="discount-actif">Code actif</label>
      </div>
      <div className="form-span">
        <FormError message={serverError} />
        <div className="form-actions">
          <Button type="submit" label={discount ? 'Enregistrer le code' : 'Créer le code'} icon="pi pi-save" loading={formState.isSubmitting} />
          <Button type="button" label="Annuler" text onClick={onDone} />
        </div>
      </div>
    </form>
  );
}
