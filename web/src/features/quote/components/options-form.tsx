//! The customer's choices: process, material, colour, finish, post-treatments (holes to tap),
//! quantity and lead-time tier (standard, express, économique where the process offers it), all
//! from the catalog. A saved choice the catalog no longer offers (quote-core's `option_withdrawn`,
//! explained in the price panel) is shown as no selection, with a placeholder asking for another.
import { TIER_NAMES, factorText, modeOf, modeOptions, processTiers } from '@/lib/lead-time-tiers';
import type { Catalog, LeadTimeMode, PriceOptions, ProcessOffer } from '@/wasm/types';
import { PostTreatmentsField } from './post-treatments-field';

interface Props {
  catalog: Catalog;
  offers: ProcessOffer[];
  options: PriceOptions;
  onChange: (update: Partial<PriceOptions>) => void;
}

export function OptionsForm({ catalog, offers, options, onChange }: Props) {
  const process = catalog.processes.find((p) => p.code === options.process) ?? catalog.processes[0];
  // Undefined when the saved material was withdrawn from the catalog.
  const material = process.materials.find((m) => m.code === (options.material ?? process.default_material));
  const colour = material?.colours.find((c) => c.code === (options.colour ?? material.default_colour));
  const finish = material?.finishes.find((f) => f.code === (options.finish ?? material.default_finish));
  const fits = (code: string) => offers.some((o) => o.process === code && o.breakdown);
  const tiers = processTiers(catalog, process.code);
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
        <select value={material?.code ?? ''} aria-invalid={!material} onChange={(e) => onChange({ material: e.target.value, colour: null, finish: null })}>
          {!material && (
            <option value="" disabled>
              Choisissez un matériau
            </option>
          )}
          {process.materials.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {material ? (
        <>
          <label>
            Couleur
            <select value={colour?.code ?? ''} aria-invalid={!colour} onChange={(e) => onChange({ colour: e.target.value })}>
              {!colour && (
                <option value="" disabled>
                  Choisissez une couleur
                </option>
              )}
              {material.colours.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Finition
            <select value={finish?.code ?? ''} aria-invalid={!finish} onChange={(e) => onChange({ finish: e.target.value })}>
              {!finish && (
                <option value="" disabled>
                  Choisissez une finition
                </option>
              )}
              {material.finishes.map((f) => (
                <option key={f.code} value={f.code}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        </>
      ) : (
        <>
          <label>
            Couleur
            <select value="" disabled>
              <option value="">Choisissez d’abord un matériau</option>
            </select>
          </label>
          <label>
            Finition
            <select value="" disabled>
              <option value="">Choisissez d’abord un matériau</option>
            </select>
          </label>
        </>
      )}
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
      {tiers.length > 1 && (
        <label className="options-wide">
          Délai
          <select value={modeOf(options)} onChange={(e) => onChange(modeOptions(e.target.value as LeadTimeMode))}>
            {tiers.map((t) => (
              <option key={t.mode} value={t.mode}>
                {TIER_NAMES[t.mode]} ({t.lead_time_days}&nbsp;jours ouvrés{factorText(t.factor_percent) && `, ${factorText(t.factor_percent)}`})
              </option>
            ))}
          </select>
        </label>
      )}
    </form>
  );
}
