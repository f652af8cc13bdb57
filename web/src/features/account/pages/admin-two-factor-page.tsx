//! What an admin without its second factor sees instead of the admin pages (issue 22, finding
//! 10): why, and the set-up. The admin pages open once the backup codes are put away.
import { useEffect } from 'react';
import { Message } from 'primereact/message';
import { Page } from '@/components/ui/page';
import { fr } from '@/lib/typography';
import { TwoFactorSetup } from '../components/two-factor-setup';

interface Props {
  /** Called on mount: the guard keeps this page while the backup codes are shown. */
  onStarted?: () => void;
  /** Called once the backup codes are put away. */
  onFinished?: () => void;
}

export default function AdminTwoFactorPage({ onStarted, onFinished }: Props) {
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <Page title="Double authentification requise" lead="L’administration n’est accessible qu’avec la double authentification activée sur votre compte.">
      <div className="card stack" data-testid="admin-two-factor">
        <Message severity="info" text={fr('Activez-la maintenant : scannez le QR code avec une application d’authentification, saisissez le code affiché, puis mettez vos codes de secours en lieu sûr. Chaque connexion à votre compte demandera ensuite un code de l’application.')} />
        <TwoFactorSetup enabled={false} onFinished={onFinished} />
      </div>
    </Page>
  );
}
