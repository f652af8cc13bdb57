//! A centred spinner shown while a page or the session loads.
import { ProgressSpinner } from 'primereact/progressspinner';

export function Loading({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
