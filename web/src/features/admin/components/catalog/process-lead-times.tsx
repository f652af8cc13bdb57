//! The lead-time tiers of one process in the catalog editor: the « économique » tier offered or
//! not, with its working days and price factor, and standard or express set for this process
//! instead of the catalog's. Each field says in French what the save would refuse.
import { Checkbox } from 'primereact/checkbox';
import type { Catalog, LeadTimeMode } from '@/wasm/types';
import type { Edit } from '../../catalog-draft';
import { addOwnTier, ownTier, removeOwnTier, setOwnTier, tierErrors } from '../../catalog-tiers';
import { RateInput } from './rate-input';

const ROWS: { mode: LeadTimeMode; toggle: string; days: string; factor: string }[] = [
  { mode: 'economique', toggle: 'Proposer un délai économique', days: 'Délai économique', factor: 'Facteur économique' },
  { mode: 'standard', toggle: 'Délai standard propre à ce procédé', days: 'Délai standard du procédé', factor: 'Facteur standard du procédé' },
  { mode: 'express', toggle: 'Délai express propre à ce procédé', days: 'Délai express du procédé', factor: 'Facteur express du procédé' },
];

export function ProcessLeadTimes({ catalog, pi, edit }: { catalog: Catalog; pi: number; edit: Edit }) {
  const code = catalog.processes[pi].code;
  return (
    <fieldset className="catalog-tiers" data-testid={`p-${code}-lead-times`}>
      <legend>Délais de fabrication du procédé</legend>
      {ROWS.map(({ mode, toggle, days, factor }) => {
        const tier = ownTier(catalog, pi, mode);
        const errors = tier ? tierErrors(catalog, pi, tier) : {};
        const id = `p-${code}-lead-${mode}`;
        return (
          <div key={mode} className="catalog-row">
            <label className="check">
              <Checkbox inputId={id} checked={Boolean(tier)} onChange={(e) => edit((c) => (e.checked ? addOwnTier(c, pi, mode) : removeOwnTier(c, pi, mode)))} />
              {toggle}
            </label>
            {tier ? (
              <>
                <RateInput id={`${id}-lead_time_days`} label={days} unit="jours ouvrés" integer value={tier.lead_time_days} error={errors.days} onChange={(v) => edit((c) => setOwnTier(c, pi, mode, 'lead_time_days', v))} />
                <RateInput id={`${id}-factor_percent`} label={factor} unit="%" integer value={tier.factor_percent} error={errors.factor} onChange={(v) => edit((c) => setOwnTier(c, pi, mode, 'factor_percent', v))} />
              </>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
