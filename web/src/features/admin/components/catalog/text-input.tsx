//! One text of the catalog (a name, a description): a labelled PrimeReact InputText; an emptied
//! required field is shown as missing (quote-core refuses an empty name on save).
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Field } from '@/components/form/field';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Several lines (descriptions). */
  multiline?: boolean;
  /** May stay empty. */
  optional?: boolean;
  maxLength?: number;
}

export function TextInput({ id, label, value, onChange, multiline, optional, maxLength = 80 }: Props) {
  const missing = !optional && !value.trim();
  const common = { id, value, invalid: missing, maxLength, 'data-testid': id };
  return (
    <Field id={id} label={label} error={missing ? 'Champ obligatoire.' : undefined}>
      {multiline ? (
        <InputTextarea {...common} rows={2} autoResize onChange={(e) => onChange(e.target.value)} />
      ) : (
        <InputText {...common} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
