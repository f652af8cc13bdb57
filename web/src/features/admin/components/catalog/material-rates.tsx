//! One material of a process: its name (its identifier fixed), density, material, bounding-box
//! and height rates, handling fee, minimum part price, its colours and finishes, and its removal.
import type { Catalog, Material } from '@/wasm/types';
import { removeMaterial, type Edit } from '../../catalog-draft';
import { ChoiceList } from './choice-list';
import { ItemHeader } from './item-header';
import { RateInput } from './rate-input';

interface Props {
  catalog: Catalog;
  process: number;
  index: number;
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

export function MaterialRates({ catalog, process, index, edit }: Props) {
  const p = catalog.processes[process];
  const material = p.materials[index];
  const prefix = `m-${p.code}-${material.code}`;
  const set = (key: keyof Material, v: unknown) =>
    edit((c) => {
      (c.processes[process].materials[index] as Record<string, unknown>)[key] = v;
    });
  return (
    <section className="card catalog-material" data-testid={`material-${p.code}-${material.code}`}>
      <ItemHeader
        id={prefix}
        kind="le matériau"
        code={material.code}
        name={material.name}
        place={`du procédé ${p.code}`}
        onRename={(name) => set('name', name)}
        onRemove={() => edit((c) => removeMaterial(c, process, index))}
      />
      <div className="form-grid">
        {RATES.map((r) => (
          <RateInput key={r.key} id={`${prefix}-${r.key}`} label={r.label} unit={r.unit} value={material[r.key] as number} onChange={(v) => set(r.key, v)} />
        ))}
      </div>
      <ChoiceList catalog={catalog} process={process} material={index} list="colours" edit={edit} />
      <ChoiceList catalog={catalog} process={process} material={index} list="finishes" edit={edit} />
    </section>
  );
}
