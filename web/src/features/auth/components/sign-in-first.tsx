//! Shown by the e-mail change pages to a visitor who is not signed in: the change needs the
//! session and the password, so the visitor signs in first and comes back here.
import { Link } from 'react-router';
import { Message } from 'primereact/message';
import { fr } from '@/lib/typography';

export function SignInFirst({ back }: { back: string }) {
  return (
    <div className="form">
      <Message severity="info" text={fr('Pour changer l’adresse e-mail de votre compte, connectez-vous d’abord avec votre adresse actuelle : nous vous demanderons ensuite votre mot de passe et enverrons un code à la nouvelle adresse.')} />
      <div className="form-actions">
        <Link className="p-button" to={`/connexion_compte?callbackUrl=${encodeURIComponent(back)}`}>
          Se connecter
        </Link>
      </div>
    </div>
  );
}
