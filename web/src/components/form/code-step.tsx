//! The six-digit code received by e-mail, with a way to send it again.
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
import { emailCodeSchema } from '@/lib/validation';

const schema = z.object({ code: emailCodeSchema });

interface CodeStepProps {
  email: string;
  onSubmit: (code: string) => Promise<void>;
  /** Sends a new code; without it, no "send again" button (the flow restarts instead). */
  onResend?: () => Promise<void>;
  onBack: () => void;
}

export function CodeStep({ email, onSubmit, onResend, onBack }: CodeStepProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ resolver: zodResolver(schema) });
  const submit = async ({ code }: { code: string }) => {
    setServerError(null);
    try {
      await onSubmit(code.trim());
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  const resend = async () => {
    if (!onResend) return;
    setResending(true);
    try {
      await onResend();
      showToast({ severity: 'success', summary: 'Code envoyé', detail: `Un nouveau code a été envoyé à ${email}.` });
    } catch (error) {
      setServerError(formErrorMessage(error));
    } finally {
      setResending(false);
    }
  };
  return (
    <form className="form" onSubmit={handleSubmit(submit)} noValidate>
      <p>
        Nous avons envoyé un code à 6 chiffres à <strong>{email}</strong>. Il est valable 15 minutes.
      </p>
      <Field id="code" label="Code reçu par e-mail" error={formState.errors.code?.message}>
        <InputText id="code" className="code-input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} invalid={!!formState.errors.code} {...register('code')} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Valider le code" icon="pi pi-check" loading={formState.isSubmitting} />
        {onResend ? <Button type="button" label="Renvoyer le code" link loading={resending} onClick={resend} /> : null}
        <Button type="button" label="Modifier l’adresse" link onClick={onBack} />
      </div>
    </form>
  );
}
