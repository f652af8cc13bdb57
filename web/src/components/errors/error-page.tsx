//! The error page of the router: 404 for unknown routes, "Internal Server Error" for the rest.
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunkError } from '@/lib/build-check';
import { usePageTitle } from '@/lib/title';
import { NotFound } from './not-found';

export function ErrorPage() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  usePageTitle('Erreur');
  useEffect(() => {
    if (chunkError) reloadForChunkError();
    else console.error('Unhandled route error', error);
  }, [chunkError, error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="error-page" data-testid="error-page">
      <p className="error-code">500</p>
      <h1>Internal Server Error</h1>
      <p>Une erreur inattendue s’est produite. Nos équipes en sont informées&nbsp;; veuillez réessayer dans un instant.</p>
      <div className="error-actions">
        <button type="button" className="p-button" onClick={() => window.location.reload()}>
          Recharger la page
        </button>
        <a className="p-button p-button-outlined" href="/">
          Retour à l’accueil
        </a>
      </div>
    </section>
  );
}
