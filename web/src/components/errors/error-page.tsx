//! The error page of the router: 404 for unknown routes, "Internal Server Error" for the rest.
//! A lazy chunk that failed to load reloads the page once (10 s guard, lib/build-check); a
//! second failure within the guard shows this page with a French explanation instead of looping.
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { isChunkLoadError, mayReloadForChunk, reloadForChunkError } from '@/lib/build-check';
import { usePageTitle } from '@/lib/title';
import { NotFound } from './not-found';

export function ErrorPage() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  // Decided once: a chunk error reloads (a spinner meanwhile) unless it already did within 10 s.
  const [reloading] = useState(() => chunkError && mayReloadForChunk());
  usePageTitle('Erreur');
  useEffect(() => {
    if (reloading) reloadForChunkError();
    else console.error('Unhandled route error', error);
  }, [reloading, error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (reloading) return <Loading label="Mise à jour du site…" visible />;
  return (
    <section className="error-page" data-testid="error-page">
      <p className="error-code">500</p>
      <h1>Internal Server Error</h1>
      {chunkError ? (
        <p data-testid="chunk-error">Une partie du site n’a pas pu être chargée (nouvelle version en ligne ou connexion interrompue). Vérifiez votre connexion puis rechargez la page.</p>
      ) : (
        <p>Une erreur inattendue s’est produite. Nos équipes en sont informées&nbsp;; veuillez réessayer dans un instant.</p>
      )}
      <div className="error-actions">
        <button type="button" className="p-button p-component" onClick={() => window.location.reload()}>
          Recharger la page
        </button>
        <a className="p-button p-button-outlined" href="/">
          Retour à l’accueil
        </a>
      </div>
    </section>
  );
}
