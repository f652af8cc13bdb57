//! Password change: a link is e-mailed to the account's address (the reset flow proves ownership).
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { handleApiError } from '@/lib/errors';
import { sendPasswordLink } from '../api/email';

export function PasswordChange({ email }: { email: string }) {
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
    <div className="form-actions">
      <Button type="button" label="Recevoir un lien de changement" icon="pi pi-lock" outlined loading={state === 'sending'} onClick={send} />
    </div>
  );
}
