//! The new e-mail address and the proof that the account holder asks for it: the account's
//! password or, on an account with two-factor authentication, a code of the authenticator (or a
//! backup code) instead. The first step of an e-mail change.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { emailSchema } from '@/lib/validation';

/** What proves the request: the password, or a second-factor code. */
export type EmailChangeProof = { password: string } | { code: string };
type Method = 'password' | 'code';

const schema = z
  .object({
    email: emailSchema,
    method: z.enum(['password', 'code']),
    password: z.string(),
    code: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.method === 'password' && values.password.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Saisissez votre mot de passe.' });
    }
    if (values.method === 'code' && values.code.trim().length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'Saisissez le code de votre application d’authentification ou un code de secours.',
      });
    }
  });
type Values = z.infer<typeof schema>;

const METHODS: { label: string; value: Method }[] = [
  { label: 'Mot de passe', value: 'password' },
  { label: 'Code de double authentification', value: 'code' },
];

interface NewEmailStepProps {
  defaultEmail?: string;
  /** The account has two-factor authentication: a code may replace the password. */
  secondFactor?: boolean;
  onSubmit: (email: string, proof: EmailChangeProof) => Promise<void>;
  onCancel?: () => void;
}

export function NewEmailStep({ defaultEmail = '', secondFactor = false, onSubmit, onCancel }: NewEmailStepProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setValue } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail, method: 'password', password: '', code: '' },
  });
  const { errors, isSubmitting } = formState;
  const method = useWatch({ control, name: 'method' });
  const submit = async (values: Values) => {
    setServerError(null);
    const proof: EmailChangeProof = values.method === 'code' ? { code: values.code.trim() } : { password: values.password };
    try {
      await onSubmit(values.email.trim(), proof);
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form" onSubmit={handleSubmit(submit)} noValidate>
      <Field id="new-email" label="Nouvelle adresse e-mail" error={errors.email?.message}>
        <InputText id="new-email" type="email" autoComplete="email" invalid={!!errors.email} {...register('email')} />
      </Field>
      {secondFactor ? (
        <div className="field">
          <span id="email-proof-label">Confirmer avec</span>
          <SelectButton
            aria-labelledby="email-proof-label"
            value={method}
            options={METHODS}
            allowEmpty={false}
            onChange={(e) => setValue('method', e.value as Method)}
          />
        </div>
      ) : null}
      {method === 'password' ? (
        // Distinct keys: React must not reuse one <input> for both fields (the form reads the DOM).
        <Field key="password" id="email-password" label="Mot de passe actuel" error={errors.password?.message}>
          <InputText id="email-password" type="password" autoComplete="current-password" invalid={!!errors.password} {...register('password')} />
        </Field>
      ) : (
        <Field key="code" id="email-2fa-code" label="Code de double authentification ou code de secours" error={errors.code?.message}>
          <InputText id="email-2fa-code" autoComplete="one-time-code" inputMode="text" invalid={!!errors.code} {...register('code')} />
        </Field>
      )}
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Recevoir un code" icon="pi pi-send" loading={isSubmitting} />
        {onCancel ? <Button type="button" label="Annuler" link onClick={onCancel} /> : null}
      </div>
    </form>
  );
}
