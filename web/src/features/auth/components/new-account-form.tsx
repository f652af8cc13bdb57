//! Last step of the account creation: names, password and the captcha.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { z } from 'zod';
import { AltchaField } from '@/components/form/altcha-field';
import { Field } from '@/components/form/field';
import { PasswordStrength } from '@/components/form/password-strength';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { NEW_PASSWORD_HINT, personNameSchema, withConfirmation } from '@/lib/validation';

const schema = withConfirmation({
  prenom: personNameSchema('prénom'),
  nom: personNameSchema('nom'),
  altcha: z.string({ error: 'Veuillez cocher la vérification anti-robot.' }).min(1, 'Veuillez cocher la vérification anti-robot.'),
});
export type NewAccountValues = z.infer<typeof schema>;

export function NewAccountForm({ onSubmit }: { onSubmit: (values: NewAccountValues) => Promise<void> }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<NewAccountValues>({ resolver: zodResolver(schema) });
  const { errors } = formState;
  const submit = async (values: NewAccountValues) => {
    setServerError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form" onSubmit={handleSubmit(submit)} noValidate>
      <Field id="prenom" label="Prénom" error={errors.prenom?.message}>
        <InputText id="prenom" autoComplete="given-name" invalid={!!errors.prenom} {...register('prenom')} />
      </Field>
      <Field id="nom" label="Nom" error={errors.nom?.message}>
        <InputText id="nom" autoComplete="family-name" invalid={!!errors.nom} {...register('nom')} />
      </Field>
      <Field id="password" label="Mot de passe" error={errors.password?.message} hint={NEW_PASSWORD_HINT}>
        <InputText id="password" type="password" autoComplete="new-password" aria-describedby="password-strength" invalid={!!errors.password} {...register('password')} />
      </Field>
      <PasswordStrength id="password-strength" control={control} name="password" />
      <Field id="confirm" label="Confirmation du mot de passe" error={errors.confirm?.message}>
        <InputText id="confirm" type="password" autoComplete="new-password" invalid={!!errors.confirm} {...register('confirm')} />
      </Field>
      <Controller
        name="altcha"
        control={control}
        render={({ field, fieldState }) => <AltchaField onChange={(p) => field.onChange(p ?? '')} error={fieldState.error?.message} />}
      />
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Créer mon compte" icon="pi pi-user-plus" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}
