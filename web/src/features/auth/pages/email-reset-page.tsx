//! /email_mail?email=...: the code sent to the current address, then the new address.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Message } from 'primereact/message';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { resetEmail, sendEmailResetCode, verifyEmailResetCode } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { CodeStep } from '@/components/form/code-step';
import { EmailStep } from '@/components/form/email-step';

export default function EmailResetPage() {
  const [params] = useSearchParams();
  const oldEmail = params.get('email') ?? '';
  const [verified, setVerified] = useState(false);
  const navigate = useNavigate();

  const body = !oldEmail ? (
    <Message severity="warn" text={fr('Adresse manquante : recommencez depuis la page de changement d’adresse.')} />
  ) : !verified ? (
    <CodeStep
      email={oldEmail}
      onSubmit={async (code) => {
        await verifyEmailResetCode(oldEmail, code);
        setVerified(true);
      }}
      onResend={async () => {
        await sendEmailResetCode(oldEmail);
      }}
      onBack={() => navigate('/email_oubli')}
    />
  ) : (
    <EmailStep
      label="Nouvelle adresse e-mail"
      submitLabel="Changer d’adresse"
      onSubmit={async (newEmail) => {
        await resetEmail(oldEmail, newEmail);
        showToast({ severity: 'success', summary: 'Adresse modifiée', detail: `Connectez-vous désormais avec ${newEmail}.` });
        navigate('/connexion_compte', { replace: true });
      }}
    />
  );

  return (
    <AuthCard title="Confirmer le changement d’adresse" footer={<Link to="/email_oubli">Recommencer</Link>}>
      {body}
    </AuthCard>
  );
}
