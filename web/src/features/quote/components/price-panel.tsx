//! The price of the chosen configuration (instant, from the engine) and the server's check of it.
import { ProgressBar } from 'primereact/progressbar';
import { formatCents } from '@/lib/format';
import type { PriceBreakdown } from '@/wasm/types';
import type { ServerState } from '../hooks/use-server-sync';

interface Props {
  breakdown: PriceBreakdown | null;
  error: string | null;
  server: ServerState;
}

const STEP_TEXT: Record<ServerState['step'], string> = {
  uploading: 'Envoi du fichier…',
  checking: 'Vérification du fichier par le serveur…',
  pricing: 'Calcul du prix par le serveur…',
  confirmed: 'Prix confirmé par le serveur',
  differs: 'Prix recalculé par le serveur',
  failed: 'Vérification impossible',
};

export function PricePanel({ breakdown, error, server }: Props) {
  const shown = server.step === 'differs' && server.prix ? server.prix : breakdown;
  return (
    <section className="price-panel" aria-label="Prix">
      {shown ? (
        <>
          <p className="line-price">
            <span data-testid="line-price">{formatCents(shown.line_cents)}</span> <small>HT</small>
          </p>
          <p className="price-detail">
            {shown.quantity}&nbsp;×&nbsp;{formatCents(shown.unit_cents)}
            {shown.discount_percent > 0 && ` − ${shown.discount_percent}\u00a0% (quantité)`}
            {shown.express && ' · express'}
            {shown.economique && ' · économique'} · {shown.label} · délai {shown.lead_time_days}&nbsp;jours ouvrés
          </p>
          <details>
            <summary>Détail du prix unitaire</summary>
            <ul>
              {shown.components.map((c) => (
                <li key={c.code}>
                  {c.label}&nbsp;: {formatCents(c.cents)}
                </li>
              ))}
              {shown.minimum_applied && <li>Minimum par pièce appliqué</li>}
            </ul>
          </details>
        </>
      ) : (
        <p className="offer-error">{error ?? 'Calcul du prix…'}</p>
      )}
      <div className={`server-state server-${server.step}`} data-testid="server-state">
        {server.step === 'uploading' && <ProgressBar value={Math.round(server.progress * 100)} style={{ height: 8 }} aria-label="Envoi du fichier" />}
        {/* A live region (RGAA 7.5): the price confirmed or recalculated is read out when it comes. */}
        <p role="status" className="server-state-text">
          <span>{STEP_TEXT[server.step]}</span>
          {server.step === 'confirmed' && server.prix && <span>&nbsp;: {formatCents(server.prix.line_cents)} HT</span>}
          {/* The server's reason, unless it is the engine's message already shown above. */}
          {server.message && server.message !== error && <span className="server-message"> — {server.message}</span>}
        </p>
      </div>
    </section>
  );
}
