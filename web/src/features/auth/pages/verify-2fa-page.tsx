//! /verify-2fa: the second factor after the password, an authenticator code or a backup code.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { ApiError } from '@/lib/api-client';
import { refreshSession } from '@/lib/auth';
import { formErrorMessage } from '@/lib/form-error';
import { safeCallback } from '../api/safe-callback';
import { verifyBackupCode, verifyTwoFactor } from '../api/recovery';
import { AuthCard } from '../components/auth-card';

export const BACKUP_CODE_REJECTED = 'Code de secours invalide';

const totpSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Le code de l’application contient 6 chiffres.') });
const backupSchema = z.object({ code: z.string().trim().min(6, 'Saisissez l’un de vos codes de secours.').max(32, 'Code de secours trop long.') });

export default function VerifyTwoFactorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [backup, setBackup] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<{ code: string }>({ resolver: zodResolver(backup ? backupSchema : totpSchema) });

  const submit = async ({ code }: { code: string }) => {
    setServerError(null);
    try {
      if (backup) {
        const answer = await verifyBackupCode(code.trim());
        if (answer && answer.valid === false) throw new Error(BACKUP_CODE_REJECTED);
      } else {
        await verifyTwoFactor(code.trim());
      }
      await refreshSession();
      navigate(safeCallback(params.get('callbackUrl')), { replace: true });
    } catch (error) {
      const rejected = error instanceof Error && error.message === BACKUP_CODE_REJECTED;
      const badBackup = backup && (rejected || (error instanceof ApiError && error.status === 400));
      setServerError(badBackup ? BACKUP_CODE_REJECTED : formErrorMessage(error));
    }
  };

  const toggle = () => {
    setBackup(!backup);
    setServerError(null);
    reset({ code: '' });
  };

  return (
    <AuthCard
      title="Vérification en deux étapes"
      intro={backup ? 'Saisissez l’un des codes de secours obtenus lors de l’activation. Chaque code ne sert qu’une fois.' : 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.'}
      footer={<Link to="/connexion_compte">Revenir à la connexion</Link>}
    >
      <form className="form" onSubmit={handleSubmit(submit)} noValidate>
        <Field id="code" label={backup ? 'Code de secours' : 'Code de vérification'} error={formState.errors.code?.message}>
          <InputText id="code" className="code-input" autoComplete="one-time-code" inputMode={backup ? 'text' : 'numeric'} invalid={!!formState.errors.code} {...register('code')} />
        </Field>
        <FormError message={serverError} />
        <div className="form-actions">
          <Button type="submit" label="Vérifier" icon="pi pi-shield" loading={formState.isSubmitting} />
          <Button type="button" link label={backup ? 'Utiliser l’application' : 'Utiliser un code de secours'} onClick={toggle} />
        </div>
      </form>
    </AuthCard>
  );
}
