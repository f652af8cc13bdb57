//! Quantity breaks (added or removed), the largest quantity of a line, the lead times and the
//! express factor.
import { Button } from 'primereact/button';
import type { Catalog } from '@/wasm/types';
import type { Edit } from '../../catalog-draft';
import { RateInput } from './rate-input';

type Row = Record<string, unknown>;

export function QuantityBreaks({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const add = () =>
    edit((c) => {
      const last = c.quantity_breaks.at(-1);
      c.quantity_breaks.push({ min_quantity: (last?.min_quantity ?? 1) * 2, discount_percent: last?.discount_percent ?? 0 });
    });
  return (
    <div className="catalog-rows">
      {catalog.quantity_breaks.map((b, i) => (
        <div className="catalog-row" key={i}>
          <RateInput id={`palier-${i}-min_quantity`} label="À partir de" unit="pièces" integer value={b.min_quantity} onChange={(v) => edit((c) => void ((c.quantity_breaks[i] as Row).min_quantity = v))} />
          <RateInput id={`palier-${i}-discount_percent`} label="Remise" unit="%" integer value={b.discount_percent} onChange={(v) => edit((c) => void ((c.quantity_breaks[i] as Row).discount_percent = v))} />
          <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`Retirer le palier ${i + 1}`} onClick={() => edit((c) => void c.quantity_breaks.splice(i, 1))} />
        </div>
      ))}
      <Button type="button" label="Ajouter un palier" icon="pi pi-plus" text onClick={add} />
    </div>
  );
}

export function Delays({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  return (
    <div className="form-grid">
      <RateInput id="max_quantity" label="Quantité maximale par ligne" unit="pièces" integer value={catalog.max_quantity} onChange={(v) => edit((c) => void ((c as unknown as Row).max_quantity = v))} />
      <RateInput id="lead_time_days" label="Délai standard" unit="jours ouvrés" integer value={catalog.lead_time_days} onChange={(v) => edit((c) => void ((c as unknown as Row).lead_time_days = v))} />
      {catalog.express ? (
        <>
          <RateInput id="express-factor_percent" label="Facteur express" unit="%" integer value={catalog.express.factor_percent} onChange={(v) => edit((c) => void ((c.express as unknown as Row).factor_percent = v))} />
          <RateInput id="express-lead_time_days" label="Délai express" unit="jours ouvrés" integer value={catalog.express.lead_time_days} onChange={(v) => edit((c) => void ((c.express as unknown as Row).lead_time_days = v))} />
        </>
      ) : null}
    </div>
  );
}
