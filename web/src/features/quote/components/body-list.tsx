//! The separate bodies of a file: each with its own figures, price (the entry's options, on that
//! body alone) and preview, and the choice to keep them as one part or split them into separate
//! basket lines.
import { formatCents } from '@/lib/format';
import type { Analysis } from '@/wasm/types';
import { repairMessages } from '../repairs';
import type { BodiesState } from '../hooks/use-quote-item';
import { formatCount, formatSize, formatVolume } from '../format';

interface Props {
  analysis: Analysis;
  bodies: BodiesState | null;
  /** The body shown in the viewer, or null for the whole file. */
  shown: number | null;
  onShow: (body: number | null) => void;
  /** Null when the split is possible, else why not yet. */
  splitBlocked: string | null;
  splitting: boolean;
  onSplit: () => void;
}

export function BodyList({ analysis: a, bodies, shown, onShow, splitBlocked, splitting, onSplit }: Props) {
  const n = a.bodies;
  return (
    <section className="body-list" aria-label="Corps du fichier">
      <h3>
        {formatCount(n)} corps séparés dans ce fichier
      </h3>
      <p className="muted">
        Ils sont commandés ensemble, comme une seule pièce. Vous pouvez aussi les séparer&nbsp;: chaque corps devient alors
        une pièce à part, avec son propre prix et sa propre ligne de panier.
      </p>
      <ol>
        {a.body_details.map((b, i) => {
          const price = bodies?.prices[i];
          // What the file's repair did on this body (from its own analysis once made).
          const own = bodies?.list[i]?.analysis;
          const repairs = own ? repairMessages(own) : b.turned ? ['était à l’envers, retourné automatiquement'] : [];
          return (
            <li key={i} data-testid="body" className={shown === i ? 'shown' : undefined}>
              <span className="body-name">Corps {i + 1}</span>
              <span data-testid="body-volume">{formatVolume(b.volume_mm3)}</span>
              <span className="muted">{formatSize(b.bbox_min, b.bbox_max)}</span>
              {b.voids > 0 && <span className="muted">avec {b.voids > 1 ? `${formatCount(b.voids)} cavités` : 'une cavité'}</span>}
              {repairs.length > 0 && (
                <span className="muted body-repairs" data-testid="body-repairs">
                  {repairs.join(' ')}
                </span>
              )}
              <span data-testid="body-price" className="body-price">
                {!price ? 'Calcul…' : price.ok ? `${formatCents(price.breakdown.line_cents)} HT` : price.error.message}
              </span>
              {bodies && i < bodies.list.length && (
                <button type="button" className="link-button" aria-pressed={shown === i} onClick={() => onShow(shown === i ? null : i)}>
                  {shown === i ? 'Voir tout le fichier' : 'Aperçu'}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <div className="body-actions">
        <button type="button" className="p-button p-button-outlined" disabled={splitBlocked !== null || splitting} onClick={onSplit}>
          Séparer en {formatCount(n)} pièces
        </button>
        {splitBlocked && <small className="muted">{splitBlocked}</small>}
      </div>
    </section>
  );
}
