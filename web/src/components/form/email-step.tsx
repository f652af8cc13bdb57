//! A one-field form asking for an e-mail address, used by several flows.
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

const schema = z.object({ email: emailSchema });

interface EmailStepProps {
  label?: string;
  submitLabel: string;
  defaultValue?: string;
  onSubmit: (email: string) => Promise<void>;
}

export function EmailStep({ label = 'Adresse e-mail', submitLabel, defaultValue = '', onSubmit }: EmailStepProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultValue },
  });
  const submit = async ({ email }: { email: string }) => {
    setServerError(null);
    try {
      await onSubmit(email.trim());
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form" onSubmit={handleSubmit(submit)} noValidate>
      <Field id="email" label={label} error={formState.errors.email?.message}>
        <InputText id="email" type="email" autoComplete="email" invalid={!!formState.errors.email} {...register('email')} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label={submitLabel} icon="pi pi-send" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}
