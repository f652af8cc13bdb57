//! /not_allowed_for_mobile: the site's tools need a computer; phones see a few pages only.
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';

export default function MobilePage() {
  return (
    <Page title="Appareil non pris en charge" heading="Ouvrez le site sur un ordinateur" className="mobile-notice">
      <p>
        Le devis en ligne analyse vos fichiers 3D et affiche un aperçu interactif&nbsp;: ces outils demandent un écran et une
        puissance que les téléphones n’offrent pas. Le site n’est donc pas disponible sur mobile, à l’exception des pages
        ci-dessous.
      </p>
      <ul>
        <li><Link to="/">Accueil</Link></li>
        <li><Link to="/conditions_vente">Conditions générales de vente</Link></li>
        <li><Link to="/charte_confidentialite">Charte de confidentialité</Link></li>
        <li><Link to="/mentions_legales">Mentions légales</Link></li>
      </ul>
      <p className="muted">Merci de votre compréhension, et à bientôt sur ordinateur.</p>
    </Page>
  );
}
