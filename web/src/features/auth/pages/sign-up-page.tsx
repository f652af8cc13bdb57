//! /creation_compte: e-mail, code received by e-mail, then names, password and captcha.
import { fr } from '@/lib/typography';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signInWithCredentials } from '@/lib/auth';
import { showToast } from '@/lib/toast';
import { createAccount, sendAccountCreationCode, verifyAccountCreationCode } from '../api/account-creation';
import { AuthCard } from '../components/auth-card';
import { CodeStep } from '@/components/form/code-step';
import { EmailStep } from '@/components/form/email-step';
import { NewAccountForm, type NewAccountValues } from '../components/new-account-form';
import { StepIndicator } from '@/components/form/step-indicator';

type Step = 'email' | 'code' | 'details';
const STEPS = ['Adresse e-mail', 'Code de vérification', 'Vos informations'];

export default function SignUpPage() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const navigate = useNavigate();

  const sendCode = async (address: string) => {
    await sendAccountCreationCode(address);
    setEmail(address);
    setStep('code');
  };
  const verify = async (code: string) => {
    await verifyAccountCreationCode(email, code);
    setStep('details');
  };
  const create = async (values: NewAccountValues) => {
    await createAccount({ email, password: values.password, nom: values.nom, prenom: values.prenom, altcha: values.altcha });
    showToast({ severity: 'success', summary: 'Compte créé', detail: fr('Bienvenue ! Votre compte est prêt.') });
    const answer = await signInWithCredentials(email, values.password, '/');
    navigate(answer.two_factor_required ? (answer.url ?? '/verify-2fa') : '/', { replace: true });
  };

  return (
    <AuthCard
      title="Création de compte"
      heading="Créer un compte"
      intro="Un compte vous permet de commander, de retrouver vos devis et de suivre vos livraisons."
      footer={
        <span>
          Déjà inscrit&nbsp;? <Link to="/connexion_compte">Se connecter</Link>
        </span>
      }
    >
      <StepIndicator steps={STEPS} current={['email', 'code', 'details'].indexOf(step)} />
      {step === 'email' ? <EmailStep submitLabel="Recevoir un code" defaultValue={email} onSubmit={sendCode} /> : null}
      {step === 'code' ? <CodeStep email={email} onSubmit={verify} onResend={() => sendCode(email)} onBack={() => setStep('email')} /> : null}
      {step === 'details' ? <NewAccountForm onSubmit={create} /> : null}
    </AuthCard>
  );
}
