//! First and last name of the account (`PUT Comptes`), then the session is refreshed.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { personNameSchema } from '@/lib/validation';
import { refreshAccount, updateIdentity, type Me } from '@/lib/api/me';

const schema = z.object({ prenom: personNameSchema('prénom'), nom: personNameSchema('nom') });
type Values = z.infer<typeof schema>;

export function IdentityForm({ me }: { me: Me }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { prenom: me.prenom, nom: me.nom },
  });
  const { errors } = formState;
  const submit = async (values: Values) => {
    setServerError(null);
    try {
      await updateIdentity(values.nom.trim(), values.prenom.trim());
      await refreshAccount();
      showToast({ severity: 'success', summary: 'Identité enregistrée', detail: 'Vos nom et prénom ont été mis à jour.' });
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form form-row" onSubmit={handleSubmit(submit)} noValidate>
      <Field id="identity-prenom" label="Prénom" error={errors.prenom?.message}>
        <InputText id="identity-prenom" autoComplete="given-name" invalid={!!errors.prenom} {...register('prenom')} />
      </Field>
      <Field id="identity-nom" label="Nom" error={errors.nom?.message}>
        <InputText id="identity-nom" autoComplete="family-name" invalid={!!errors.nom} {...register('nom')} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Enregistrer" icon="pi pi-save" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}
