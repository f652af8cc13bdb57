//! A labelled form field with its French error message (`{id}-error`) and an optional hint
//! (`{id}-hint`), tied to the control (RGAA 11.10, WCAG 3.3.1): the control whose id is `id`
//! gets `aria-describedby` naming them and `aria-invalid` while the error shows.
import { useLayoutEffect, type ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** Marks a control that Field made invalid, so that only Field's own mark is taken back. */
const MARK = 'data-field-invalid';

/**
 * Names the error or hint in the control's `aria-describedby` (keeping what the control names
 * itself) and sets `aria-invalid`. Done on the DOM: the control may be a PrimeReact component
 * (Password, InputNumber, Dropdown…) that renders the `<input id>` deep inside it.
 */
function useDescribedControl(id: string, error: boolean, hint: boolean) {
  useLayoutEffect(() => {
    const control = document.getElementById(id);
    if (!control) return;
    const own = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((t) => t && t !== `${id}-error` && t !== `${id}-hint`);
    const ours = error ? `${id}-error` : hint ? `${id}-hint` : null;
    const names = ours ? [...own, ours] : own;
    if (names.length > 0) control.setAttribute('aria-describedby', names.join(' '));
    else control.removeAttribute('aria-describedby');
    if (error && control.getAttribute('aria-invalid') !== 'true') {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute(MARK, '');
    } else if (!error && control.hasAttribute(MARK)) {
      control.removeAttribute('aria-invalid');
      control.removeAttribute(MARK);
    }
  });
}

export function Field({ id, label, error, hint, children }: FieldProps) {
  useDescribedControl(id, Boolean(error), Boolean(hint));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error ? (
        <small className="muted" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
      {error ? (
        <small className="error" id={`${id}-error`} role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
