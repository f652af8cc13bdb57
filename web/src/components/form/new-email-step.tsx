//! The new e-mail address and the account's password: the first step of an e-mail change.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { emailSchema } from '@/lib/validation';

const schema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Saisissez votre mot de passe.'),
});
type Values = z.infer<typeof schema>;

interface NewEmailStepProps {
  defaultEmail?: string;
  onSubmit: (email: string, password: string) => Promise<void>;
  onCancel?: () => void;
}

export function NewEmailStep({ defaultEmail = '', onSubmit, onCancel }: NewEmailStepProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = formState;
  const submit = async (values: Values) => {
    setServerError(null);
    try {
      await onSubmit(values.email.trim(), values.password);
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form" onSubmit={handleSubmit(submit)} noValidate>
      <Field id="new-email" label="Nouvelle adresse e-mail" error={errors.email?.message}>
        <InputText id="new-email" type="email" autoComplete="email" invalid={!!errors.email} {...register('email')} />
      </Field>
      <Field id="email-password" label="Mot de passe actuel" error={errors.password?.message}>
        <InputText id="email-password" type="password" autoComplete="current-password" invalid={!!errors.password} {...register('password')} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Recevoir un code" icon="pi pi-send" loading={isSubmitting} />
        {onCancel ? <Button type="button" label="Annuler" link onClick={onCancel} /> : null}
      </div>
    </form>
  );
}
