//! « Votre référence de commande (bon de commande) »: the buyer's own purchase-order number,
//! optional, checked as it is typed (the server's rule and messages) and refused by the server
//! under the field too; printed on the quote of these totals, the invoice and the credit note.
import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/form/field';
import { fr } from '@/lib/typography';
import { ORDER_REFERENCE_MAX } from '@/lib/order-reference';

interface OrderReferenceFieldProps {
  value: string;
  error: string | null;
  onChange: (text: string) => void;
}

export function OrderReferenceField({ value, error, onChange }: OrderReferenceFieldProps) {
  const id = 'reference-commande';
  return (
    <Field
      id={id}
      label="Votre référence de commande (bon de commande)"
      error={error ?? undefined}
      hint={fr(`Facultatif : elle figurera sur le devis, la facture et l'avoir (${ORDER_REFERENCE_MAX} caractères au plus).`)}
    >
      <InputText
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        placeholder="Par exemple BC-2026-0042"
        invalid={!!error}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        data-testid="order-reference-input"
      />
    </Field>
  );
}
