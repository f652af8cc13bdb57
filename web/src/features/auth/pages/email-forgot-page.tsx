//! /email_oubli: first step of an e-mail change for the signed-in account: the new address and
//! the password (or a second-factor code); a code is sent to the new address.
import { Link, useNavigate } from 'react-router';
import { NewEmailStep } from '@/components/form/new-email-step';
import { Loading } from '@/components/ui/loading';
import { useMe } from '@/lib/api/me';
import { useSession } from '@/lib/session';
import { sendEmailResetCode } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { SignInFirst } from '../components/sign-in-first';

/** The form of a signed-in visitor; the account's settings say whether a second-factor code may
 * replace the password. */
function SignedInStep({ email }: { email: string | null | undefined }) {
  const navigate = useNavigate();
  const me = useMe();
  if (me.isPending) return <Loading />;
  return (
    <>
      <p>
        Adresse actuelle&nbsp;: <strong>{email}</strong>
      </p>
      <NewEmailStep
        secondFactor={Boolean(me.data?.two_factor_enabled)}
        onSubmit={async (newEmail, proof) => {
          await sendEmailResetCode(newEmail, proof);
          navigate(`/email_mail?email=${encodeURIComponent(newEmail)}`);
        }}
      />
    </>
  );
}

export default function EmailForgotPage() {
  const { status, user } = useSession();
  const body =
    status === 'loading' ? (
      <Loading />
    ) : status === 'unauthenticated' ? (
      <SignInFirst back="/email_oubli" />
    ) : (
      <SignedInStep email={user?.email} />
    );
  return (
    <AuthCard
      title="Changer d’adresse e-mail"
      intro="Saisissez la nouvelle adresse e-mail de votre compte et votre mot de passe (ou, si la double authentification est activée, un code de votre application). Nous envoyons un code à la nouvelle adresse pour vérifier qu’elle vous appartient ; l’ancienne adresse est prévenue du changement."
      footer={<Link to="/compte/parametrage">Retour aux paramètres du compte</Link>}
    >
      {body}
    </AuthCard>
  );
}
