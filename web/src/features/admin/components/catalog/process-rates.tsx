//! The processes of the catalog, one tab each: the process's minimum wall and layer, and the rates
//! of each of its materials.
import { TabPanel, TabView } from 'primereact/tabview';
import type { Catalog } from '@/wasm/types';
import type { Edit } from '../../catalog-draft';
import { MaterialRates } from './material-rates';
import { RateInput } from './rate-input';

export function ProcessRates({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  return (
    <TabView className="catalog-processes">
      {catalog.processes.map((p, pi) => (
        <TabPanel key={p.code} header={p.code}>
          <p className="muted">{p.name}</p>
          <div className="form-grid">
            <RateInput
              id={`p-${p.code}-min_wall_mm`}
              label="Épaisseur de paroi minimale"
              unit="mm"
              value={p.min_wall_mm}
              onChange={(v) =>
                edit((c) => {
                  (c.processes[pi] as Record<string, unknown>).min_wall_mm = v;
                })
              }
            />
            <RateInput
              id={`p-${p.code}-layer_thickness_mm`}
              label="Épaisseur de couche"
              unit="mm"
              value={p.layer_thickness_mm}
              onChange={(v) =>
                edit((c) => {
                  (c.processes[pi] as Record<string, unknown>).layer_thickness_mm = v;
                })
              }
            />
          </div>
          {p.materials.map((m, mi) => (
            <MaterialRates key={m.code} process={pi} processCode={p.code} index={mi} material={m} edit={edit} />
          ))}
        </TabPanel>
      ))}
    </TabView>
  );
}
