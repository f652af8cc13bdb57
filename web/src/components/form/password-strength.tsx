//! A meter under a new password field: how hard the password is to guess, in French words,
//! announced politely to screen readers. The estimate is loaded on demand (see
//! `lib/password-strength.ts`); until it arrives, or for an empty field, nothing shows.
import { useEffect, useState } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { strengthLabel, type Estimate } from '@/lib/password-strength-label';

/** The meter of the form field `name` (a new password) of the form `control` belongs to. */
export function PasswordStrength<T extends FieldValues>({ control, name, id }: { control: Control<T>; name: Path<T>; id: string }) {
  const password = (useWatch({ control, name }) as string | undefined) ?? '';
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/lib/password-strength').then((m) => {
      if (live) setEstimate(() => m.passwordScore);
    });
    return () => {
      live = false;
    };
  }, []);
  const label = strengthLabel(password, estimate);
  return (
    <div className="password-strength" id={id} aria-live="polite">
      {label ? (
        <>
          <meter min={0} max={4} low={2} high={3} optimum={4} value={label.level} aria-label="Solidité du mot de passe" />
          <small>Solidité du mot de passe : {label.text}</small>
        </>
      ) : null}
    </div>
  );
}
