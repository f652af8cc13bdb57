//! The address form (dialog content): names, street, postcode, city, country, phone, company
//! (name, VAT number and, in France, SIREN).
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import type { AddressPayload } from '@/lib/api/addresses';
import type { Address } from '@/lib/api/me';
import { COUNTRIES } from '@/lib/countries';
import { addressDefaults, addressSchema, showsSiren, toPayload, type AddressValues } from './address-schema';

interface AddressFormProps {
  address?: Address | null;
  onSubmit: (payload: AddressPayload) => Promise<void>;
  onCancel: () => void;
}

const TEXT_FIELDS: [keyof AddressValues, string, string][] = [
  ['prenom', 'Prénom', 'given-name'],
  ['nom', 'Nom', 'family-name'],
  ['rue', 'Adresse', 'address-line1'],
  ['complement', 'Complément (bâtiment, étage…)', 'address-line2'],
  ['codePostal', 'Code postal', 'postal-code'],
  ['ville', 'Ville', 'address-level2'],
  ['tel', 'Téléphone (pour le transporteur)', 'tel'],
  ['nom_entreprise', 'Entreprise (facultatif)', 'organization'],
  ['numero_tva', 'N° de TVA intracommunautaire (facultatif)', 'off'],
];

export function AddressForm({ address, onSubmit, onCancel }: AddressFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const countries = useMemo(
    () => [...COUNTRIES].sort((a, b) => (a.code === 'fr' ? -1 : b.code === 'fr' ? 1 : a.nom.localeCompare(b.nom, 'fr'))),
    [],
  );
  const { register, handleSubmit, control, formState } = useForm<AddressValues>({
    resolver: zodResolver(addressSchema),
    defaultValues: addressDefaults(address),
  });
  const { errors } = formState;
  const [company, country] = useWatch({ control, name: ['nom_entreprise', 'idPays'] });
  const sirenShown = showsSiren({ nom_entreprise: company, idPays: country });
  const submit = async (values: AddressValues) => {
    setServerError(null);
    try {
      await onSubmit(toPayload(addressSchema.parse(values)));
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form form-grid" onSubmit={handleSubmit(submit)} noValidate>
      {TEXT_FIELDS.map(([name, label, autoComplete]) => (
        <Field key={name} id={`address-${name}`} label={label} error={errors[name]?.message}>
          <InputText id={`address-${name}`} autoComplete={autoComplete} invalid={!!errors[name]} {...register(name)} />
        </Field>
      ))}
      {sirenShown ? (
        <Field id="address-siren" label="SIREN" hint="9 chiffres" error={errors.siren?.message}>
          <InputText id="address-siren" inputMode="numeric" autoComplete="off" invalid={!!errors.siren} {...register('siren')} />
        </Field>
      ) : null}
      <Field id="address-idPays" label="Pays" error={errors.idPays?.message}>
        <Controller
          name="idPays"
          control={control}
          render={({ field }) => (
            <Dropdown
              inputId="address-idPays"
              value={field.value}
              onChange={(e) => field.onChange(e.value)}
              options={countries}
              optionLabel="nom"
              optionValue="code"
              filter
              filterPlaceholder="Rechercher un pays"
              emptyFilterMessage="Aucun pays ne correspond"
            />
          )}
        />
      </Field>
      <div className="form-span">
        <FormError message={serverError} />
        <div className="form-actions">
          <Button type="submit" label={address ? 'Enregistrer l’adresse' : 'Ajouter l’adresse'} icon="pi pi-save" loading={formState.isSubmitting} />
          <Button type="button" label="Annuler" text onClick={onCancel} />
        </div>
      </div>
    </form>
  );
}
