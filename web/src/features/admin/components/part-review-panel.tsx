//! One part under review: the 3D viewer fed with the original file (analysed in the browser; for
//! a body split out of a multi-body file, that body alone), its problems, the customer's request,
//! the file to download, the history and the decision.
import { Loading } from '@/components/ui/loading';
import { LazyModelViewer } from '@/components/viewer/lazy-model-viewer';
import { useFilePreview } from '@/components/viewer/use-file-preview';
import { formatDateTime } from '@/lib/format';
import type { Unit } from '@/wasm/types';
import type { ReviewPart } from '../api/part-review';
import { PartDecisionForm } from './part-decision-form';
import { PartProblems } from './part-problems';

const UNITS: Unit[] = ['mm', 'cm', 'in'];

function unitOf(part: ReviewPart): Unit {
  const u = part.options?.unit;
  return UNITS.includes(u as Unit) ? (u as Unit) : 'mm';
}

export function PartReviewPanel({ part }: { part: ReviewPart }) {
  const body = part.corps ?? null;
  const file = useFilePreview(part.fichier_url, part.nom_fichier, unitOf(part), body);
  const owner = part.client ? `${part.client.prenom} ${part.client.nom}`.trim() || part.client.email : '—';
  return (
    <article className="card part-review" data-testid="part-review" aria-label={`Pièce ${part.nom_fichier}`}>
      <header className="part-review-head">
        <h2>{part.nom_fichier}</h2>
        <span className="muted">
          {part.statut} · {owner}
          {part.client ? ` · ${part.client.email}` : ''}
        </span>
        <a className="p-button p-button-outlined p-button-sm" href={part.fichier_url} download data-testid="part-download">
          <i className="pi pi-download" aria-hidden="true" /> {body === null ? 'Télécharger le fichier' : 'Télécharger le fichier d’origine (tous les corps)'}
        </a>
      </header>
      {body !== null && (
        <p className="muted" data-testid="part-body-note">
          Cette pièce est le corps {body + 1} du fichier déposé par le client&nbsp;: l’aperçu, les mesures et les réparations sont ceux de ce corps seul. Le fichier téléchargé est le fichier d’origine, avec tous ses corps.
        </p>
      )}
      <div className="part-review-body">
        {file.phase === 'loading' && <div className="viewer-fallback"><Loading label="Analyse du fichier dans le navigateur…" /></div>}
        {file.phase === 'failed' && <p className="item-error" role="alert">{file.error}</p>}
        {file.phase === 'ready' && file.preview && (
          <LazyModelViewer buffers={file.preview} bboxMin={file.analysis.bbox_min} bboxMax={file.analysis.bbox_max} stride={file.preview.stride} openEdges={file.analysis.open_edges} openEdgeCount={file.analysis.boundary_edges} />
        )}
        <div className="stack">
          <PartProblems motifs={part.motifs} repairs={part.reparations ?? []} analysis={file.phase === 'ready' ? file.analysis : null} preview={file.phase === 'ready' ? file.preview : null} />
          <section className="stack">
            <h3>Demande du client</h3>
            {part.demande_client ? <blockquote className="review-request">{part.demande_client}</blockquote> : <p className="muted">Le client n’a pas laissé de message.</p>}
          </section>
          {part.historique.length > 0 && (
            <section>
              <h3>Historique</h3>
              <ul className="review-history">
                {part.historique.map((h, i) => (
                  <li key={`${h.date}-${i}`}>
                    {formatDateTime(h.date)} — {h.statut} ({h.par}){h.commentaire ? ` : ${h.commentaire}` : ''}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <PartDecisionForm part={part} />
        </div>
      </div>
    </article>
  );
}
