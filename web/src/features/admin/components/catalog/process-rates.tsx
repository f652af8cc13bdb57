//! The processes of the catalog, one tab each. The processes are the engine's fixed set (SLA,
//! SLS, MJF, SLM: the analysis and the site's pages know them), so a process is renamed and
//! described here, not added or removed; its materials are added, renamed, priced and removed,
//! and its lead-time tiers (an « économique » one, its own standard or express) set.
import { TabPanel, TabView } from 'primereact/tabview';
import type { Catalog, Process } from '@/wasm/types';
import { addMaterial, type Edit } from '../../catalog-draft';
import { AddItem } from './add-item';
import { DefaultSelect } from './default-select';
import { MaterialRates } from './material-rates';
import { ProcessLeadTimes } from './process-lead-times';
import { RateInput } from './rate-input';
import { TextInput } from './text-input';

const FIGURES: { key: keyof Process; label: string; unit: string }[] = [
  { key: 'min_wall_mm', label: 'Épaisseur de paroi minimale', unit: 'mm' },
  { key: 'layer_thickness_mm', label: 'Épaisseur de couche', unit: 'mm' },
];

function ProcessTab({ catalog, pi, edit }: { catalog: Catalog; pi: number; edit: Edit }) {
  const p = catalog.processes[pi];
  const set = (key: keyof Process, v: unknown) =>
    edit((c) => {
      (c.processes[pi] as Record<string, unknown>)[key] = v;
    });
  return (
    <>
      <div className="form-grid catalog-process-texts">
        <TextInput id={`p-${p.code}-name`} label="Nom du procédé" value={p.name} onChange={(v) => set('name', v)} />
        <TextInput id={`p-${p.code}-tolerance`} label="Tolérance" value={p.tolerance} optional onChange={(v) => set('tolerance', v)} />
      </div>
      <TextInput id={`p-${p.code}-description`} label="Description" value={p.description} multiline optional maxLength={2000} onChange={(v) => set('description', v)} />
      <div className="form-grid">
        {FIGURES.map((f) => (
          <RateInput key={f.key} id={`p-${p.code}-${f.key}`} label={f.label} unit={f.unit} value={p[f.key] as number} onChange={(v) => set(f.key, v)} />
        ))}
        {p.materials.length ? (
          <DefaultSelect id={`p-${p.code}-default_material`} label="Matériau par défaut" value={p.default_material} items={p.materials} onChange={(code) => set('default_material', code)} />
        ) : null}
      </div>
      <ProcessLeadTimes catalog={catalog} pi={pi} edit={edit} />
      {p.materials.map((m, mi) => (
        <MaterialRates key={m.code} catalog={catalog} process={pi} index={mi} edit={edit} />
      ))}
      <AddItem
        label="Ajouter un matériau"
        id={`add-material-${p.code}`}
        takenCodes={p.materials.map((m) => m.code)}
        takenNames={p.materials.map((m) => m.name)}
        onAdd={(code, name) => edit((c) => addMaterial(c, pi, code, name))}
      />
    </>
  );
}

export function ProcessRates({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  return (
    <TabView className="catalog-processes">
      {catalog.processes.map((p, pi) => (
        <TabPanel key={p.code} header={p.code}>
          <ProcessTab catalog={catalog} pi={pi} edit={edit} />
        </TabPanel>
      ))}
    </TabView>
  );
}
