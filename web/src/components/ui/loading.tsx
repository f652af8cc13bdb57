//! A centred spinner shown while a page or the session loads; `visible` also prints the label.
import { ProgressSpinner } from 'primereact/progressspinner';

export function Loading({ label = 'Chargement…', visible = false }: { label?: string; visible?: boolean }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" aria-label={label} />
      <span className={visible ? 'loading-label' : 'sr-only'}>{label}</span>
    </div>
  );
}
