//! Which item of a list is chosen when the customer picks none (the default material of a
//! process, the default colour or finish of a material).
import { Dropdown } from 'primereact/dropdown';
import { Field } from '@/components/form/field';

interface Props {
  id: string;
  label: string;
  value: string;
  items: { code: string; name: string }[];
  onChange: (code: string) => void;
}

export function DefaultSelect({ id, label, value, items, onChange }: Props) {
  const options = items.map((i) => ({ value: i.code, label: i.name || i.code }));
  return (
    <Field id={id} label={label}>
      <Dropdown inputId={id} value={value} options={options} onChange={(e) => onChange(e.value as string)} data-testid={id} />
    </Field>
  );
}
