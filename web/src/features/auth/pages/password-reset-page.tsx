//! /mdp_mail?token=...: chooses a new password with the token of the e-mailed link.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Field } from '@/components/form/field';
import { PasswordStrength } from '@/components/form/password-strength';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { NEW_PASSWORD_HINT, withConfirmation } from '@/lib/validation';
import { resetPassword } from '../api/recovery';
import { AuthCard } from '../components/auth-card';

const schema = withConfirmation({});
type Values = { password: string; confirm: string };

export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const { errors } = formState;

  const submit = async (values: Values) => {
    setServerError(null);
    try {
      await resetPassword(token, values.password);
      showToast({ severity: 'success', summary: 'Mot de passe modifié', detail: 'Vous pouvez vous connecter avec votre nouveau mot de passe.' });
      navigate('/connexion_compte', { replace: true });
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };

  return (
    <AuthCard title="Nouveau mot de passe" heading="Choisir un nouveau mot de passe" footer={<Link to="/mdp_oubli">Recevoir un nouveau lien</Link>}>
      {token ? (
        <form className="form" onSubmit={handleSubmit(submit)} noValidate>
          <Field id="password" label="Nouveau mot de passe" error={errors.password?.message} hint={NEW_PASSWORD_HINT}>
            <InputText id="password" type="password" autoComplete="new-password" aria-describedby="password-strength" invalid={!!errors.password} {...register('password')} />
          </Field>
          <PasswordStrength id="password-strength" control={control} name="password" />
          <Field id="confirm" label="Confirmation" error={errors.confirm?.message}>
            <InputText id="confirm" type="password" autoComplete="new-password" invalid={!!errors.confirm} {...register('confirm')} />
          </Field>
          <FormError message={serverError} />
          <Button type="submit" label="Enregistrer le mot de passe" icon="pi pi-lock" loading={formState.isSubmitting} />
        </form>
      ) : (
        <Message severity="warn" text="Ce lien est incomplet. Ouvrez le lien reçu par e-mail, ou demandez-en un nouveau." />
      )}
    </AuthCard>
  );
}
