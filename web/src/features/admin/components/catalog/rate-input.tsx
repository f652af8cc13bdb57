//! One number of the catalog: a labelled PrimeReact InputNumber in French format, with its unit.
//! An emptied field stays empty (null) and is shown as missing; the page refuses to save it.
import { InputNumber } from 'primereact/inputnumber';
import { Field } from '@/components/form/field';

interface Props {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  /** Shown after the number: `c/cm³`, `%`, `g`... */
  unit?: string;
  /** Whole numbers only (quantities, grams, percents). */
  integer?: boolean;
  /** What the save would refuse in this number (French), shown when the field is not empty. */
  error?: string;
}

export function RateInput({ id, label, value, onChange, unit, integer, error }: Props) {
  const empty = value === null || value === undefined;
  return (
    <Field id={id} label={label} error={empty ? 'Champ obligatoire.' : error}>
      <InputNumber
        inputId={id}
        value={empty ? null : value}
        onValueChange={(e) => onChange(e.value ?? null)}
        locale="fr-FR"
        minFractionDigits={0}
        maxFractionDigits={integer ? 0 : 4}
        suffix={unit ? `\u00a0${unit}` : undefined}
        invalid={empty || Boolean(error)}
        data-testid={id}
      />
    </Field>
  );
}
