//! What the engine found: volume, size, watertightness, how many separate bodies (listed by
//! `BodyList`), warnings in plain French (repairs included), and the unit switch (with the engine's suggestion when the size
//! looks wrong); a STEP file states its own unit, so it has no switch.
import type { Analysis, Unit } from '@/wasm/types';
import { UNIT_LABELS, formatArea, formatCount, formatSize, formatVolume } from '../format';

interface Props {
  analysis: Analysis;
  unit: Unit;
  onUnit: (unit: Unit) => void;
}

const UNITS: Unit[] = ['mm', 'cm', 'in'];

export function AnalysisSummary({ analysis: a, unit, onUnit }: Props) {
  const ownUnit = a.format === 'step';
  const suggestion = !ownUnit && a.unit_suggestion && a.unit_suggestion !== unit ? a.unit_suggestion : null;
  return (
    <div className="analysis">
      <dl className="analysis-figures">
        <div>
          <dt>Volume</dt>
          <dd data-testid="volume">{formatVolume(a.volume_mm3)}</dd>
        </div>
        <div>
          <dt>Dimensions</dt>
          <dd data-testid="size">{formatSize(a.bbox_min, a.bbox_max)}</dd>
        </div>
        <div>
          <dt>Surface</dt>
          <dd>{formatArea(a.area_mm2)}</dd>
        </div>
        <div>
          <dt>Triangles</dt>
          <dd>{formatCount(a.triangles)}</dd>
        </div>
        <div>
          <dt>Étanchéité</dt>
          <dd className={a.watertight ? 'ok' : 'bad'}>{a.watertight ? 'Maillage fermé' : 'Maillage ouvert'}</dd>
        </div>
        {a.bodies > 1 && (
          <div>
            <dt>Corps séparés</dt>
            <dd data-testid="bodies">{formatCount(a.bodies)}</dd>
          </div>
        )}
      </dl>
      {a.warnings.length > 0 && (
        <ul className="analysis-warnings" aria-label="Avertissements">
          {a.warnings.map((w, i) => (
            <li key={`${w.code}-${i}`} data-code={w.code}>
              {w.message}
            </li>
          ))}
        </ul>
      )}
      {ownUnit ? (
        <p className="unit-switch" data-testid="step-unit">
          Unité du fichier&nbsp;: celle déclarée dans le fichier STEP (dimensions converties en millimètres).
        </p>
      ) : (
        <div className="unit-switch" role="group" aria-label="Unité du fichier">
          <span>Unité du fichier&nbsp;:</span>
          {UNITS.map((u) => (
            <button key={u} type="button" className={u === unit ? 'active' : ''} aria-pressed={u === unit} onClick={() => onUnit(u)}>
              {u}
            </button>
          ))}
        </div>
      )}
      {suggestion && (
        <p className="unit-suggestion">
          Ces dimensions semblent inhabituelles pour des {UNIT_LABELS[unit]}&nbsp;: le fichier est peut-être en{' '}
          {UNIT_LABELS[suggestion]}.{' '}
          <button type="button" className="link-button" onClick={() => onUnit(suggestion)}>
            Lire en {UNIT_LABELS[suggestion]}
          </button>
        </p>
      )}
    </div>
  );
}
