//! The post-treatments: each named and described, offered with the processes ticked, priced by a
//! fixed fee and a rate (per cm² or per hole, chosen when it is added), and removable; a new one
//! takes the next free index (its page `/post_traitement?index=`).
import { useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import type { Catalog, PostTreatmentPricing } from '@/wasm/types';
import { Field } from '@/components/form/field';
import { addPostTreatment, type Edit } from '../../catalog-draft';
import { AddItem } from './add-item';
import { ItemHeader } from './item-header';
import { RateInput } from './rate-input';
import { TextInput } from './text-input';

type Row = Record<string, unknown>;

const PRICINGS: { value: PostTreatmentPricing; label: string }[] = [
  { value: 'area', label: 'Par surface (c/cm²)' },
  { value: 'per_hole', label: 'Par trou (taraudage)' },
];

export function PostTreatmentRates({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const [pricing, setPricing] = useState<PostTreatmentPricing>('area');
  const at = (i: number, key: string, v: unknown) => edit((c) => void ((c.post_treatments[i] as Row)[key] = v));
  const toggle = (i: number, code: string, on: boolean) =>
    edit((c) => {
      const t = c.post_treatments[i];
      t.processes = on ? c.processes.map((p) => p.code).filter((p) => p === code || t.processes.includes(p)) : t.processes.filter((p) => p !== code);
    });
  return (
    <div className="catalog-rows">
      {catalog.post_treatments.map((t, i) => (
        <section className="card catalog-material" key={t.code} data-testid={`t-${t.code}`}>
          <ItemHeader id={`t-${t.code}`} kind="le post-traitement" code={t.code} name={t.name} place="du catalogue" onRename={(v) => at(i, 'name', v)} onRemove={() => edit((c) => void c.post_treatments.splice(i, 1))} />
          <TextInput id={`t-${t.code}-description`} label="Description" value={t.description} multiline optional maxLength={2000} onChange={(v) => at(i, 'description', v)} />
          <div className="catalog-row">
            <RateInput id={`t-${t.code}-fee_cents`} label="Frais fixes" unit="c" value={t.fee_cents} onChange={(v) => at(i, 'fee_cents', v)} />
            <RateInput
              id={`t-${t.code}-rate_cents`}
              label={t.pricing === 'per_hole' ? 'Tarif par trou' : 'Tarif surface'}
              unit={t.pricing === 'per_hole' ? 'c/trou' : 'c/cm²'}
              value={t.rate_cents}
              onChange={(v) => at(i, 'rate_cents', v)}
            />
          </div>
          <fieldset className="catalog-checks">
            <legend>Proposé avec</legend>
            {catalog.processes.map((p) => (
              <label key={p.code} className="check">
                <Checkbox inputId={`t-${t.code}-${p.code}`} checked={t.processes.includes(p.code)} onChange={(e) => toggle(i, p.code, !!e.checked)} />
                {p.code}
              </label>
            ))}
          </fieldset>
        </section>
      ))}
      <AddItem
        label="Ajouter un post-traitement"
        id="add-post-treatment"
        takenCodes={catalog.post_treatments.map((t) => t.code)}
        takenNames={catalog.post_treatments.map((t) => t.name)}
        onAdd={(code, name) => edit((c) => addPostTreatment(c, code, name, pricing))}
      >
        <Field id="add-post-treatment-pricing" label="Tarification">
          <Dropdown inputId="add-post-treatment-pricing" value={pricing} options={PRICINGS} onChange={(e) => setPricing(e.value as PostTreatmentPricing)} />
        </Field>
      </AddItem>
    </div>
  );
}
