//! The rates of one material of a process: density, material, bounding-box and height rates,
//! handling fee, minimum part price, and the fee and area rate of each colour and finish.
import type { Choice, Material } from '@/wasm/types';
import type { Edit } from '../../catalog-draft';
import { RateInput } from './rate-input';

interface Props {
  process: number;
  processCode: string;
  index: number;
  material: Material;
  edit: Edit;
}

const RATES: { key: keyof Material; label: string; unit: string }[] = [
  { key: 'material_rate_cents_per_cm3', label: 'Tarif matière', unit: 'c/cm³' },
  { key: 'space_rate_cents_per_cm3', label: 'Tarif d’encombrement', unit: 'c/cm³' },
  { key: 'height_rate_cents_per_mm', label: 'Tarif de hauteur', unit: 'c/mm' },
  { key: 'handling_fee_cents', label: 'Frais de manutention', unit: 'c' },
  { key: 'minimum_part_price_cents', label: 'Prix minimum par pièce', unit: 'c' },
  { key: 'density_g_cm3', label: 'Densité', unit: 'g/cm³' },
];

function Choices({ title, list, idPrefix, onChange }: { title: string; list: Choice[]; idPrefix: string; onChange: (i: number, key: 'fee_cents' | 'rate_cents_per_cm2', v: number | null) => void }) {
  return (
    <fieldset className="catalog-choices">
      <legend>{title}</legend>
      {list.map((c, i) => (
        <div className="catalog-choice" key={c.code}>
          <span className="catalog-choice-name">{c.name}</span>
          <RateInput id={`${idPrefix}-${c.code}-fee_cents`} label="Frais fixes" unit="c" value={c.fee_cents} onChange={(v) => onChange(i, 'fee_cents', v)} />
          <RateInput id={`${idPrefix}-${c.code}-rate_cents_per_cm2`} label="Tarif surface" unit="c/cm²" value={c.rate_cents_per_cm2} onChange={(v) => onChange(i, 'rate_cents_per_cm2', v)} />
        </div>
      ))}
    </fieldset>
  );
}

export function MaterialRates({ process, processCode, index, material, edit }: Props) {
  const prefix = `m-${processCode}-${material.code}`;
  const set = (key: keyof Material, v: number | null) =>
    edit((c) => {
      (c.processes[process].materials[index] as Record<string, unknown>)[key] = v;
    });
  const setChoice = (list: 'colours' | 'finishes') => (i: number, key: 'fee_cents' | 'rate_cents_per_cm2', v: number | null) =>
    edit((c) => {
      (c.processes[process].materials[index][list][i] as Record<string, unknown>)[key] = v;
    });
  return (
    <section className="card catalog-material" data-testid={`material-${processCode}-${material.code}`}>
      <h3>
        {material.name} <code className="muted">{material.code}</code>
      </h3>
      <div className="form-grid">
        {RATES.map((r) => (
          <RateInput key={r.key} id={`${prefix}-${r.key}`} label={r.label} unit={r.unit} value={material[r.key] as number} onChange={(v) => set(r.key, v)} />
        ))}
      </div>
      <Choices title="Couleurs" list={material.colours} idPrefix={`${prefix}-couleur`} onChange={setChoice('colours')} />
      <Choices title="Finitions" list={material.finishes} idPrefix={`${prefix}-finition`} onChange={setChoice('finishes')} />
    </section>
  );
}
