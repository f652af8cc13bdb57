//! The customer's choices: process, material, colour, finish, post-treatments (holes to tap),
//! quantity and express lead time, all from the catalog.
import type { Catalog, PriceOptions, ProcessOffer } from '@/wasm/types';
import { PostTreatmentsField } from './post-treatments-field';

interface Props {
  catalog: Catalog;
  offers: ProcessOffer[];
  options: PriceOptions;
  onChange: (update: Partial<PriceOptions>) => void;
}

export function OptionsForm({ catalog, offers, options, onChange }: Props) {
  const process = catalog.processes.find((p) => p.code === options.process) ?? catalog.processes[0];
  const material = process.materials.find((m) => m.code === (options.material ?? process.default_material)) ?? process.materials[0];
  const fits = (code: string) => offers.some((o) => o.process === code && o.breakdown);
  return (
    <form className="options" onSubmit={(e) => e.preventDefault()}>
      <label>
        Procédé
        <select
          value={process.code}
          onChange={(e) => onChange({ process: e.target.value, material: null, colour: null, finish: null, post_treatments: [] })}
        >
          {catalog.processes.map((p) => (
            <option key={p.code} value={p.code} disabled={!fits(p.code)}>
              {p.name}
              {fits(p.code) ? '' : ' — ne convient pas'}
            </option>
          ))}
        </select>
      </label>
      <label>
        Matériau
        <select value={material.code} onChange={(e) => onChange({ material: e.target.value, colour: null, finish: null })}>
          {process.materials.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Couleur
        <select value={options.colour ?? material.default_colour} onChange={(e) => onChange({ colour: e.target.value })}>
          {material.colours.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Finition
        <select value={options.finish ?? material.default_finish} onChange={(e) => onChange({ finish: e.target.value })}>
          {material.finishes.map((f) => (
            <option key={f.code} value={f.code}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <PostTreatmentsField catalog={catalog} process={process.code} value={options.post_treatments} onChange={onChange} />
      <label>
        Quantité
        <input
          type="number"
          min={1}
          max={catalog.max_quantity}
          value={options.quantity}
          onChange={(e) => {
            const n = Math.round(Number(e.target.value));
            if (Number.isFinite(n)) onChange({ quantity: Math.min(Math.max(n, 1), catalog.max_quantity) });
          }}
        />
      </label>
      {catalog.express && (
        <label className="check">
          <input type="checkbox" checked={options.express} onChange={(e) => onChange({ express: e.target.checked })} />
          Délai express ({catalog.express.lead_time_days}&nbsp;jours ouvrés)
        </label>
      )}
    </form>
  );
}
