//! /email_oubli: first step of an e-mail change, a code is sent to the account's current address.
import { Link, useNavigate } from 'react-router';
import { sendEmailResetCode } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { EmailStep } from '@/components/form/email-step';

export default function EmailForgotPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Changer d’adresse e-mail"
      intro="Saisissez l’adresse e-mail actuelle de votre compte. Nous y envoyons un code qui prouve qu’elle vous appartient, puis vous choisirez la nouvelle adresse."
      footer={<Link to="/connexion_compte">Retour à la connexion</Link>}
    >
      <EmailStep
        label="Adresse e-mail actuelle"
        submitLabel="Recevoir un code"
        onSubmit={async (email) => {
          await sendEmailResetCode(email);
          navigate(`/email_mail?email=${encodeURIComponent(email)}`);
        }}
      />
    </AuthCard>
  );
}
