//! Forgotten current password: a link to choose a new one is e-mailed to the account's address.
import { useState } from 'react';
import { Message } from 'primereact/message';
import { handleApiError } from '@/lib/errors';
import { sendPasswordLink } from '../api/email';

export function PasswordLink({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await sendPasswordLink(email);
      setState('sent');
    } catch (error) {
      handleApiError(error);
      setState('idle');
    }
  };
  if (state === 'sent') {
    return <Message severity="success" text={`Un lien pour choisir un nouveau mot de passe a été envoyé à ${email}. Il est valable une heure.`} />;
  }
  return (
    <p className="muted">
      Mot de passe actuel oublié&nbsp;?{' '}
      <button type="button" className="text-link" disabled={state === 'sending'} onClick={send}>
        {state === 'sending' ? 'Envoi du lien…' : 'Recevoir un lien par e-mail'}
      </button>
    </p>
  );
}
