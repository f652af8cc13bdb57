//! The « Télécharger le devis PDF » button of the basket and the checkout: issues a numbered
//! quote of the basket (a POST, see `lib/quote-pdf.ts`) and saves it; a refusal (empty basket,
//! unknown code...) is said in French under the button.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { formErrorMessage } from '@/lib/form-error';
import { downloadNewQuote } from '@/lib/quote-pdf';

export function QuotePdfButton({ url, label, testId }: { url: string; label: string; testId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const issue = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadNewQuote(url);
    } catch (e) {
      setError(formErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="quote-pdf">
      <Button type="button" outlined icon="pi pi-file-pdf" label={label} loading={busy} onClick={() => void issue()} data-testid={testId} data-url={url} />
      <div aria-live="polite">
        {error ? (
          <small className="error" role="alert">
            {error}
          </small>
        ) : null}
      </div>
    </div>
  );
}
