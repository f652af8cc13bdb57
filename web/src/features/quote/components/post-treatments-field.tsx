//! Post-treatments offered with the chosen process; tapping asks for the number of holes. A saved
//! one the catalog no longer offers for the process stays listed, ticked, so that it can be
//! unticked (quote-core then prices the part again).
import type { Catalog, PostTreatmentChoice, PriceOptions } from '@/wasm/types';

interface Props {
  catalog: Catalog;
  process: string;
  value: PostTreatmentChoice[];
  onChange: (update: Partial<PriceOptions>) => void;
}

export function PostTreatmentsField({ catalog, process, value, onChange }: Props) {
  const offered = catalog.post_treatments.filter((t) => t.processes.includes(process));
  const withdrawn = value.filter((v) => !offered.some((t) => t.index === v.index));
  if (offered.length === 0 && withdrawn.length === 0) return null;
  const chosen = (index: number) => value.find((v) => v.index === index);
  const set = (index: number, next: PostTreatmentChoice | null) => {
    const rest = value.filter((v) => v.index !== index);
    onChange({ post_treatments: next ? [...rest, next].sort((a, b) => a.index - b.index) : rest });
  };
  return (
    <fieldset className="post-treatments">
      <legend>Post-traitements</legend>
      {offered.map((t) => {
        const current = chosen(t.index);
        return (
          <div key={t.index} className="check">
            <label>
              <input
                type="checkbox"
                checked={Boolean(current)}
                onChange={(e) => set(t.index, e.target.checked ? { index: t.index, holes: t.pricing === 'per_hole' ? 1 : 0 } : null)}
              />
              {t.name}
            </label>
            {current && t.pricing === 'per_hole' && (
              <label className="holes">
                Nombre de trous
                <input
                  type="number"
                  min={1}
                  max={500}
                  value={current.holes}
                  onChange={(e) => {
                    const n = Math.round(Number(e.target.value));
                    if (Number.isFinite(n)) set(t.index, { index: t.index, holes: Math.min(Math.max(n, 1), 500) });
                  }}
                />
              </label>
            )}
          </div>
        );
      })}
      {withdrawn.map((v) => (
        <div key={`retire-${v.index}`} className="check withdrawn">
          <label>
            <input type="checkbox" checked aria-invalid onChange={() => set(v.index, null)} />
            {catalog.post_treatments.find((t) => t.index === v.index)?.name ?? `Post-traitement n°\u00a0${v.index}`} (n’est plus proposé)
          </label>
        </div>
      ))}
    </fieldset>
  );
}
