//! The discount code: checked with `ReductionCompte/GetCodeAsUser` (the French reason shown when
//! the code is refused); the totals apply it only once the server accepts it.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import { serverErrorMessage } from '@/lib/error-message';
import { fr } from '@/lib/typography';
import { checkCode } from '../api/checkout';

interface DiscountFieldProps {
  applied: string | null;
  onApply: (code: string | null) => void;
}

export function DiscountField({ applied, onApply }: DiscountFieldProps) {
  const [text, setText] = useState(applied ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    const code = text.trim().toUpperCase();
    if (!code) return;
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await checkCode(code);
      if (answer.utilisable && answer.reduction) onApply(answer.reduction.code);
      else setRefusal(answer.raison ?? '');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setRefusal(serverErrorMessage(error.body));
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  };
  if (applied) {
    return (
      <p className="discount-applied" data-testid="discount-applied">
        <i className="pi pi-tag" aria-hidden="true" /> {fr(`Code « ${applied} » appliqué.`)}{' '}
        <Button type="button" label="Retirer" text size="small" onClick={() => { setText(''); onApply(null); }} />
      </p>
    );
  }
  return (
    <div className="field">
      <label htmlFor="code-reduction">Code de réduction</label>
      <div className="address-choice">
        <InputText id="code-reduction" value={text} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void apply()} invalid={!!refusal} />
        <Button type="button" label="Appliquer" outlined loading={busy} disabled={!text.trim()} onClick={() => void apply()} />
      </div>
      {refusal ? <small className="error" role="alert" data-testid="discount-refusal">{fr(refusal)}</small> : null}
    </div>
  );
}
