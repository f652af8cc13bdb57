//! The colours or the finishes of one material: each named, priced (fixed fee and surface rate)
//! and removable; a new one added with its identifier; the default chosen among them.
import type { Catalog } from '@/wasm/types';
import { addChoice, removeChoice, type ChoiceList as List, type Edit } from '../../catalog-draft';
import { AddItem } from './add-item';
import { DefaultSelect } from './default-select';
import { ItemHeader } from './item-header';
import { RateInput } from './rate-input';

interface Props {
  catalog: Catalog;
  process: number;
  material: number;
  list: List;
  edit: Edit;
}

const WORDS = {
  colours: { title: 'Couleurs', kind: 'la couleur', add: 'Ajouter une couleur', fallback: 'Couleur par défaut', id: 'couleur' },
  finishes: { title: 'Finitions', kind: 'la finition', add: 'Ajouter une finition', fallback: 'Finition par défaut', id: 'finition' },
} as const;

export function ChoiceList({ catalog, process, material, list, edit }: Props) {
  const p = catalog.processes[process];
  const m = p.materials[material];
  const items = m[list];
  const w = WORDS[list];
  const prefix = `m-${p.code}-${m.code}-${w.id}`;
  const defaultKey = list === 'colours' ? 'default_colour' : 'default_finish';
  const at = (change: (choices: typeof items) => void) => edit((c) => change(c.processes[process].materials[material][list]));
  return (
    <fieldset className="catalog-choices" data-testid={prefix}>
      <legend>{w.title}</legend>
      {items.map((c, i) => (
        <div className="catalog-choice" key={c.code}>
          <ItemHeader
            id={`${prefix}-${c.code}`}
            kind={w.kind}
            code={c.code}
            name={c.name}
            place={`du matériau ${m.code} (${p.code})`}
            onRename={(name) => at((cs) => void (cs[i].name = name))}
            onRemove={() => edit((d) => removeChoice(d, process, material, list, i))}
          />
          <RateInput id={`${prefix}-${c.code}-fee_cents`} label="Frais fixes" unit="c" value={c.fee_cents} onChange={(v) => at((cs) => void ((cs[i] as { fee_cents: number | null }).fee_cents = v))} />
          <RateInput
            id={`${prefix}-${c.code}-rate_cents_per_cm2`}
            label="Tarif surface"
            unit="c/cm²"
            value={c.rate_cents_per_cm2}
            onChange={(v) => at((cs) => void ((cs[i] as { rate_cents_per_cm2: number | null }).rate_cents_per_cm2 = v))}
          />
        </div>
      ))}
      <div className="catalog-row">
        {items.length ? (
          <DefaultSelect id={`${prefix}-default`} label={w.fallback} value={m[defaultKey]} items={items} onChange={(code) => edit((d) => void (d.processes[process].materials[material][defaultKey] = code))} />
        ) : null}
        <AddItem
          label={w.add}
          id={`add-${prefix}`}
          takenCodes={items.map((c) => c.code)}
          takenNames={items.map((c) => c.name)}
          onAdd={(code, name) => edit((d) => addChoice(d, process, material, list, code, name))}
        />
      </div>
    </fieldset>
  );
}
