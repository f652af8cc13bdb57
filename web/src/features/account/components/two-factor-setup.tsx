//! Two-factor set-up: QR code and secret, confirmation with a first code, backup codes once.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { handleApiError } from '@/lib/errors';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { refreshAccount } from '@/lib/api/me';
import { generateTwoFactor, toggleTwoFactor, type TwoFactorSetup as Setup } from '../api/two-factor';
import { BackupCodes } from './backup-codes';

const schema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Le code de l’application contient 6 chiffres.') });

/** `onFinished`: called once the backup codes shown after turning it on are put away. */
export function TwoFactorSetup({ enabled, onFinished }: { enabled: boolean; onFinished?: () => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<{ code: string }>({ resolver: zodResolver(schema) });

  const start = async () => {
    try {
      setSetup(await generateTwoFactor());
    } catch (error) {
      handleApiError(error);
    }
  };
  const confirm = async ({ code }: { code: string }) => {
    setServerError(null);
    try {
      const answer = await toggleTwoFactor(code.trim());
      reset({ code: '' });
      setSetup(null);
      setDisabling(false);
      if (!enabled) setCodes(answer?.backup_codes ?? []);
      showToast({ severity: 'success', summary: 'Double authentification', detail: enabled ? 'Désactivée.' : 'Activée.' });
      await refreshAccount();
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };

  if (codes) return <BackupCodes codes={codes} onDone={() => (setCodes(null), onFinished?.())} />;
  const svg = setup?.qr_code;
  const asking = setup !== null || disabling;
  return (
    <div className="stack">
      <p>
        État&nbsp;: {enabled ? <Tag severity="success" value="Activée" /> : <Tag severity="secondary" value="Désactivée" />}
      </p>
      {setup ? (
        <div className="two-factor-setup">
          {svg ? <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt="QR code à scanner avec votre application d’authentification" width={200} height={200} /> : null}
          <div>
            <p>Scannez ce QR code avec votre application d’authentification (FreeOTP, Aegis, Google Authenticator…), puis saisissez le code affiché.</p>
            {setup.secret ? (
              <p className="muted">
                Saisie manuelle de la clé&nbsp;: <code data-testid="totp-secret">{setup.secret}</code>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {asking ? (
        <form className="form" onSubmit={handleSubmit(confirm)} noValidate>
          <Field id="totp-code" label={enabled ? 'Code actuel de votre application' : 'Code affiché par l’application'} error={formState.errors.code?.message}>
            <InputText id="totp-code" className="code-input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...register('code')} />
          </Field>
          <FormError message={serverError} />
          <div className="form-actions">
            <Button type="submit" label={enabled ? 'Désactiver' : 'Activer'} icon="pi pi-shield" severity={enabled ? 'danger' : undefined} loading={formState.isSubmitting} />
            <Button type="button" label="Annuler" text onClick={() => (setSetup(null), setDisabling(false))} />
          </div>
        </form>
      ) : enabled ? (
        <Button type="button" label="Désactiver la double authentification" icon="pi pi-times" outlined severity="danger" onClick={() => setDisabling(true)} />
      ) : (
        <Button type="button" label="Activer la double authentification" icon="pi pi-shield" onClick={start} />
      )}
    </div>
  );
}
