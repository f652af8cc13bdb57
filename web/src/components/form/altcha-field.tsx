//! The self-hosted ALTCHA proof-of-work captcha: reports the solution payload once verified.
import { useEffect, useRef } from 'react';
import 'altcha';
import 'altcha/i18n/fr-fr';

type AltchaElement = HTMLElement & { reset?: () => void };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        language?: string;
        name?: string;
        auto?: string;
      };
    }
  }
}

interface AltchaFieldProps {
  /** Called with the base64 payload when solved, with null when it expires or fails. */
  onChange: (payload: string | null) => void;
  error?: string;
  /** The challenge's address (a sign-in names its e-mail: the challenge costs more after failures). */
  challenge?: string;
}

export function AltchaField({ onChange, error, challenge = '/api/captcha/challenge' }: AltchaFieldProps) {
  const ref = useRef<AltchaElement>(null);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      callback.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, []);

  return (
    <div className="field altcha-field">
      <span className="field-label">Vérification anti-robot</span>
      <altcha-widget ref={ref} challenge={challenge} language="fr-fr" name="altcha" />
      {error ? (
        <small className="error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
