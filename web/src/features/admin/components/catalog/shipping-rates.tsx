//! The shipping table: packaging weight, and for each zone its weight bands (added or removed)
//! and the fee of each kilogram above the last band.
import { Button } from 'primereact/button';
import type { Catalog } from '@/wasm/types';
import type { Edit } from '../../catalog-draft';
import { RateInput } from './rate-input';

type Row = Record<string, unknown>;

export function ShippingRates({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const { shipping } = catalog;
  return (
    <div>
      <div className="form-grid">
        <RateInput id="shipping-packaging_g" label="Poids de l’emballage" unit="g" integer value={shipping.packaging_g} onChange={(v) => edit((c) => void ((c.shipping as unknown as Row).packaging_g = v))} />
      </div>
      {shipping.zones.map((z, zi) => (
        <fieldset className="catalog-choices" key={z.code} data-testid={`zone-${z.code}`}>
          <legend>{z.name}</legend>
          {z.bands.map((b, bi) => (
            <div className="catalog-row" key={bi}>
              <RateInput id={`zone-${z.code}-${bi}-max_weight_g`} label="Jusqu’à" unit="g" integer value={b.max_weight_g} onChange={(v) => edit((c) => void ((c.shipping.zones[zi].bands[bi] as Row).max_weight_g = v))} />
              <RateInput id={`zone-${z.code}-${bi}-fee_cents`} label="Frais" unit="c" integer value={b.fee_cents} onChange={(v) => edit((c) => void ((c.shipping.zones[zi].bands[bi] as Row).fee_cents = v))} />
              <Button
                type="button"
                icon="pi pi-trash"
                text
                severity="danger"
                aria-label={`Retirer la tranche ${bi + 1} de ${z.name}`}
                onClick={() => edit((c) => void c.shipping.zones[zi].bands.splice(bi, 1))}
              />
            </div>
          ))}
          <div className="catalog-row">
            <RateInput id={`zone-${z.code}-extra_kg_cents`} label="Par kilo au-delà" unit="c" integer value={z.extra_kg_cents} onChange={(v) => edit((c) => void ((c.shipping.zones[zi] as unknown as Row).extra_kg_cents = v))} />
            <Button
              type="button"
              label="Ajouter une tranche"
              icon="pi pi-plus"
              text
              onClick={() =>
                edit((c) => {
                  const last = c.shipping.zones[zi].bands.at(-1);
                  c.shipping.zones[zi].bands.push({ max_weight_g: (last?.max_weight_g ?? 0) + 1000, fee_cents: last?.fee_cents ?? 0 });
                })
              }
            />
          </div>
        </fieldset>
      ))}
    </div>
  );
}
