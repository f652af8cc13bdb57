//! A quantity editor: − / + buttons and a number field, saved on blur, on Enter or after a click.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { MAX_QUANTITY, MIN_QUANTITY } from '../api/cart-lines';

interface QuantityInputProps {
  id: string;
  label: string;
  value: number;
  busy: boolean;
  onCommit: (quantity: number) => void;
}

export function QuantityInput({ id, label, value, busy, onCommit }: QuantityInputProps) {
  const [draft, setDraft] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  // A new saved value replaces what was typed (adjusting state while rendering, not in an effect).
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    setSaved(value);
    setDraft(String(value));
  }
  const commit = (raw: string) => {
    const quantity = Number(raw);
    if (!Number.isInteger(quantity) || quantity < MIN_QUANTITY || quantity > MAX_QUANTITY) {
      setError(`Indiquez un nombre entier de ${MIN_QUANTITY} à ${MAX_QUANTITY}.`);
      return;
    }
    setError(null);
    if (quantity !== value) onCommit(quantity);
  };
  const step = (delta: number) => {
    const next = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, (Number(draft) || value) + delta));
    setDraft(String(next));
    commit(String(next));
  };
  return (
    <div className="quantity-input">
      <div className="quantity-controls">
        <Button type="button" icon="pi pi-minus" text aria-label={`Diminuer la quantité de ${label}`} disabled={busy || value <= MIN_QUANTITY} onClick={() => step(-1)} />
        <input
          id={id}
          className="p-inputtext"
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          value={draft}
          aria-label={`Quantité de ${label}`}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit((e.target as HTMLInputElement).value);
          }}
        />
        <Button type="button" icon="pi pi-plus" text aria-label={`Augmenter la quantité de ${label}`} disabled={busy || value >= MAX_QUANTITY} onClick={() => step(1)} />
      </div>
      {error ? <small className="error" role="alert">{error}</small> : null}
    </div>
  );
}
