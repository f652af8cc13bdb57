//! /connexion_compte: e-mail and password, then the second factor when the account has one.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { AltchaField } from '@/components/form/altcha-field';
import { isCaptchaRequired, signInWithCredentials } from '@/lib/auth';
import { formErrorMessage } from '@/lib/form-error';
import { emailSchema } from '@/lib/validation';
import { AuthCard } from '../components/auth-card';
import { safeCallback } from '../api/safe-callback';

/** The notice after the unlock link of a locked sign-in (`/api/auth/unlock` adds `?debloque=`). */
function unlockNotice(value: string | null): { severity: 'success' | 'warn'; text: string } | null {
  if (value === '1') return { severity: 'success', text: 'La connexion à votre compte est débloquée dans ce navigateur : vous pouvez vous connecter.' };
  if (value === 'expire') return { severity: 'warn', text: 'Ce lien de déblocage est invalide ou a expiré. Réessayez de vous connecter dans une heure, ou choisissez un nouveau mot de passe.' };
  return null;
}

const schema = z.object({ email: emailSchema, password: z.string().min(1, 'Saisissez votre mot de passe.') });
type Values = z.infer<typeof schema>;

export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const callbackUrl = safeCallback(params.get('callbackUrl'));
  const unlocked = unlockNotice(params.get('debloque'));
  const [serverError, setServerError] = useState<string | null>(null);
  // After too many failures for one e-mail, the server asks for the anti-robot check.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  // The challenge is asked for the e-mail tried: it costs more as that e-mail's failures grow.
  const [captchaEmail, setCaptchaEmail] = useState('');
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema) });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: Values) => {
    setServerError(null);
    try {
      const answer = await signInWithCredentials(values.email, values.password, callbackUrl, altcha);
      navigate(answer.two_factor_required ? (answer.url ?? '/verify-2fa') : safeCallback(answer.url ?? callbackUrl), { replace: true });
    } catch (error) {
      if (isCaptchaRequired(error)) {
        setCaptchaNeeded(true);
        setCaptchaEmail(values.email);
      }
      if (altcha) {
        // A solution serves once: a new check for the next attempt.
        setAltcha(null);
        setCaptchaKey((k) => k + 1);
      }
      setServerError(formErrorMessage(error));
    }
  };

  return (
    <AuthCard
      title="Connexion"
      heading="Connexion à votre compte"
      footer={
        <>
          <Link to="/mdp_oubli">Mot de passe oublié&nbsp;?</Link>
          <Link to="/email_oubli">Changer l’adresse e-mail du compte</Link>
          <span>
            Pas encore de compte&nbsp;? <Link to="/creation_compte">Créer un compte</Link>
          </span>
        </>
      }
    >
      {unlocked ? <Message severity={unlocked.severity} text={unlocked.text} role="status" /> : null}
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <Field id="email" label="Adresse e-mail" error={errors.email?.message}>
          <InputText id="email" type="email" autoComplete="email" invalid={!!errors.email} {...register('email')} />
        </Field>
        <Field id="password" label="Mot de passe" error={errors.password?.message}>
          <InputText id="password" type="password" autoComplete="current-password" invalid={!!errors.password} {...register('password')} />
        </Field>
        {captchaNeeded ? (
          <AltchaField key={captchaKey} onChange={setAltcha} challenge={`/api/captcha/challenge?email=${encodeURIComponent(captchaEmail)}`} />
        ) : null}
        <FormError message={serverError} />
        <div className="form-actions">
          <Button type="submit" label="Se connecter" icon="pi pi-sign-in" loading={isSubmitting} />
        </div>
      </form>
    </AuthCard>
  );
}
