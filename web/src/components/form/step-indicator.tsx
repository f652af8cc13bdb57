//! "Étape 2 sur 3" for the multi-step forms.
export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  return (
    <p className="steps-indicator" aria-label={`Étape ${current + 1} sur ${steps.length}`}>
      {steps.map((label, i) => (
        <span key={label} aria-current={i === current ? 'step' : undefined}>
          {i + 1}. {label}
          {i < steps.length - 1 ? ' ›' : ''}
        </span>
      ))}
    </p>
  );
}
