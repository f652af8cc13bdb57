//! /email_oubli: first step of an e-mail change for the signed-in account: the new address and
//! the password; a code is sent to the new address.
import { Link, useNavigate } from 'react-router';
import { NewEmailStep } from '@/components/form/new-email-step';
import { Loading } from '@/components/ui/loading';
import { useSession } from '@/lib/session';
import { sendEmailResetCode } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { SignInFirst } from '../components/sign-in-first';

export default function EmailForgotPage() {
  const navigate = useNavigate();
  const { status, user } = useSession();
  const body =
    status === 'loading' ? (
      <Loading />
    ) : status === 'unauthenticated' ? (
      <SignInFirst back="/email_oubli" />
    ) : (
      <>
        <p>
          Adresse actuelle&nbsp;: <strong>{user?.email}</strong>
        </p>
        <NewEmailStep
          onSubmit={async (email, password) => {
            await sendEmailResetCode(email, password);
            navigate(`/email_mail?email=${encodeURIComponent(email)}`);
          }}
        />
      </>
    );
  return (
    <AuthCard
      title="Changer d’adresse e-mail"
      intro="Saisissez la nouvelle adresse e-mail de votre compte et votre mot de passe. Nous envoyons un code à la nouvelle adresse pour vérifier qu’elle vous appartient ; l’ancienne adresse est prévenue du changement."
      footer={<Link to="/compte/parametrage">Retour aux paramètres du compte</Link>}
    >
      {body}
    </AuthCard>
  );
}
