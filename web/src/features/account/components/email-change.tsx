//! E-mail change for the signed-in user: code sent to the current address, then the new one.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { CodeStep } from '@/components/form/code-step';
import { EmailStep } from '@/components/form/email-step';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { changeEmail, sendEmailChangeCode, verifyEmailChangeCode } from '../api/email';
import { refreshAccount } from '../api/me';

type Step = 'idle' | 'code' | 'new';

export function EmailChange({ email }: { email: string }) {
  const [step, setStep] = useState<Step>('idle');
  const [sending, setSending] = useState(false);

  const start = async () => {
    setSending(true);
    try {
      await sendEmailChangeCode(email);
      setStep('code');
    } finally {
      setSending(false);
    }
  };

  if (step === 'code') {
    return (
      <CodeStep
        email={email}
        onSubmit={async (code) => {
          await verifyEmailChangeCode(email, code);
          setStep('new');
        }}
        onResend={async () => {
          await sendEmailChangeCode(email);
        }}
        onBack={() => setStep('idle')}
      />
    );
  }
  if (step === 'new') {
    return (
      <EmailStep
        label="Nouvelle adresse e-mail"
        submitLabel="Changer d’adresse"
        onSubmit={async (newEmail) => {
          await changeEmail(email, newEmail);
          await refreshAccount();
          setStep('idle');
          showToast({ severity: 'success', summary: 'Adresse modifiée', detail: `Votre adresse est désormais ${newEmail}.` });
        }}
      />
    );
  }
  return (
    <div className="form-actions">
      <span>
        Adresse actuelle&nbsp;: <strong>{email}</strong>
      </span>
      <Button type="button" label="Changer d’adresse" icon="pi pi-envelope" outlined loading={sending} onClick={() => start().catch((error: unknown) => handleApiError(error))} />
    </div>
  );
}
