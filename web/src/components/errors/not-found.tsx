//! The 404 page: "Page Not Found" with the path that matched nothing.
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '@/lib/title';

export function NotFound() {
  const { pathname } = useLocation();
  usePageTitle('Page introuvable');
  return (
    <section className="error-page" data-testid="not-found">
      <p className="error-code">404</p>
      <h1>Page Not Found</h1>
      <p>
        La page <code>{pathname}</code> n’existe pas ou a été déplacée.
      </p>
      <div className="error-actions">
        <Link className="p-button" to="/">
          Retour à l’accueil
        </Link>
        <Link className="p-button p-button-outlined" to="/aide">
          Centre d’aide
        </Link>
      </div>
    </section>
  );
}
