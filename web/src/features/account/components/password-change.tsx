//! Password change: the current password and the new one twice (`PUT Comptes/me/password`).
//! The server signs out the account's other sessions and keeps this one. A forgotten current
//! password goes through the e-mailed link instead.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/form/field';
import { PasswordStrength } from '@/components/form/password-strength';
import { FormError } from '@/components/form/form-error';
import { ApiError } from '@/lib/api-client';
import { serverErrorMessage } from '@/lib/error-message';
import { formErrorMessage } from '@/lib/form-error';
import { NEW_PASSWORD_HINT } from '@/lib/validation';
import { showToast } from '@/lib/toast';
import { changePassword } from '../api/email';
import { PasswordLink } from './password-link';
import { passwordChangeSchema, type PasswordChangeValues } from './password-schema';

export function PasswordChange({ email }: { email: string }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, control } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors } = formState;
  const submit = async (values: PasswordChangeValues) => {
    setServerError(null);
    try {
      const answer = await changePassword(values.current, values.password);
      reset();
      showToast({ severity: 'success', summary: 'Mot de passe modifié', detail: `${answer.message} Vos autres sessions ont été déconnectées.` });
    } catch (error) {
      // A wrong current password concerns what was typed: inline only, no toast.
      if (error instanceof ApiError && error.status === 400) setServerError(serverErrorMessage(error.body));
      else setServerError(formErrorMessage(error));
    }
  };
  return (
    <div className="stack">
      <form className="form" onSubmit={handleSubmit(submit)} noValidate aria-label="Changer le mot de passe">
        <Field id="current-password" label="Mot de passe actuel" error={errors.current?.message}>
          <InputText id="current-password" type="password" autoComplete="current-password" invalid={!!errors.current} {...register('current')} />
        </Field>
        <Field id="new-password" label="Nouveau mot de passe" error={errors.password?.message} hint={NEW_PASSWORD_HINT}>
          <InputText id="new-password" type="password" autoComplete="new-password" aria-describedby="new-password-strength" invalid={!!errors.password} {...register('password')} />
        </Field>
        <PasswordStrength id="new-password-strength" control={control} name="password" />
        <Field id="confirm-password" label="Confirmation du nouveau mot de passe" error={errors.confirm?.message}>
          <InputText id="confirm-password" type="password" autoComplete="new-password" invalid={!!errors.confirm} {...register('confirm')} />
        </Field>
        <FormError message={serverError} />
        <div className="form-actions">
          <Button type="submit" label="Changer le mot de passe" icon="pi pi-lock" loading={formState.isSubmitting} />
        </div>
      </form>
      <PasswordLink email={email} />
    </div>
  );
}
