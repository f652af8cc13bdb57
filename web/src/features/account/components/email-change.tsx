//! E-mail change for the signed-in user: the new address and the password (or a second-factor
//! code), then the code sent to
//! the new address; the change is made once that code is verified (the former address is told).
import { useState } from 'react';
import { Button } from 'primereact/button';
import { CodeStep } from '@/components/form/code-step';
import { NewEmailStep, type EmailChangeProof } from '@/components/form/new-email-step';
import { showToast } from '@/lib/toast';
import { changeEmail, sendEmailChangeCode, verifyEmailChangeCode } from '../api/email';
import { refreshAccount } from '@/lib/api/me';

type Step = { name: 'idle' } | { name: 'new' } | { name: 'code'; newEmail: string; proof: EmailChangeProof };

export function EmailChange({ email, secondFactor }: { email: string; secondFactor: boolean }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });

  if (step.name === 'new') {
    return (
      <NewEmailStep
        secondFactor={secondFactor}
        onSubmit={async (newEmail, proof) => {
          await sendEmailChangeCode(newEmail, proof);
          setStep({ name: 'code', newEmail, proof });
        }}
        onCancel={() => setStep({ name: 'idle' })}
      />
    );
  }
  if (step.name === 'code') {
    const { newEmail, proof } = step;
    return (
      <CodeStep
        email={newEmail}
        onSubmit={async (code) => {
          await verifyEmailChangeCode(newEmail, code);
          await changeEmail(email, newEmail);
          await refreshAccount();
          setStep({ name: 'idle' });
          showToast({ severity: 'success', summary: 'Adresse modifiée', detail: `Votre adresse est désormais ${newEmail}.` });
        }}
        onResend={async () => {
          await sendEmailChangeCode(newEmail, proof);
        }}
        onBack={() => setStep({ name: 'new' })}
      />
    );
  }
  return (
    <div className="form-actions">
      <span>
        Adresse actuelle&nbsp;: <strong>{email}</strong>
      </span>
      <Button type="button" label="Changer d’adresse" icon="pi pi-envelope" outlined onClick={() => setStep({ name: 'new' })} />
    </div>
  );
}
