//! /mdp_oubli: asks for the e-mail address and sends a reset link.
import { useState } from 'react';
import { Link } from 'react-router';
import { Message } from 'primereact/message';
import { fr } from '@/lib/typography';
import { sendPasswordResetLink } from '../api/recovery';
import { AuthCard } from '../components/auth-card';
import { EmailStep } from '@/components/form/email-step';

export default function PasswordForgotPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <AuthCard
      title="Mot de passe oublié"
      intro={fr('Saisissez l’adresse e-mail de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.')}
      footer={<Link to="/connexion_compte">Retour à la connexion</Link>}
    >
      {sentTo ? (
        <Message
          severity="success"
          text={`Si un compte existe pour ${sentTo}, un e-mail contenant un lien de réinitialisation valable une heure vient de lui être envoyé.`}
        />
      ) : (
        <EmailStep
          submitLabel="Envoyer le lien"
          onSubmit={async (email) => {
            await sendPasswordResetLink(email);
            setSentTo(email);
          }}
        />
      )}
    </AuthCard>
  );
}
