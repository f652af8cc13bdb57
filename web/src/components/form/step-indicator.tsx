//! "Étape 2 sur 3 : Code de vérification" for the multi-step forms, with a progress bar.
import { fr } from '@/lib/typography';

export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  const percent = Math.round(((current + 1) / steps.length) * 100);
  return (
    <div className="steps-indicator" aria-current="step">
      <span>{fr(`Étape ${current + 1} sur ${steps.length} : ${steps[current]}`)}</span>
      <span className="steps-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
