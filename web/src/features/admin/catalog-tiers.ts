//! A process's own lead-time tiers in the catalog being edited: the « économique » tier the admin
//! offers (or not) with its days and price factor, and standard or express set for this process
//! only. The checks say in French, beside the field, what quote-core will refuse on save.
import { processTiers } from '@/lib/lead-time-tiers';
import type { Catalog, LeadTimeMode, LeadTimeTier } from '@/wasm/types';

/** Longest lead time of a tier, working days (quote-core's `MAX_LEAD_TIME_DAYS`). */
const MAX_DAYS = 250;

/** The process's own tier of `mode`, or undefined when it follows the catalog's (or has none). */
export function ownTier(catalog: Catalog, pi: number, mode: LeadTimeMode): LeadTimeTier | undefined {
  return catalog.processes[pi]?.lead_times?.find((t) => t.mode === mode);
}

/**
 * Gives process `pi` its own tier of `mode`, starting from what it has now: économique from the
 * standard tier's days plus 5 at 90 %, standard and express from the catalog's.
 */
export function addOwnTier(c: Catalog, pi: number, mode: LeadTimeMode): void {
  const p = c.processes[pi];
  const now = processTiers(c, p.code);
  const standard = now.find((t) => t.mode === 'standard')?.lead_time_days ?? c.lead_time_days;
  const start: LeadTimeTier =
    mode === 'economique'
      ? { mode, lead_time_days: standard + 5, factor_percent: 90 }
      : (now.find((t) => t.mode === mode) ?? { mode, lead_time_days: mode === 'express' ? 3 : standard, factor_percent: mode === 'express' ? 135 : 100 });
  p.lead_times = [...(p.lead_times ?? []).filter((t) => t.mode !== mode), { ...start, mode }];
}

/** Removes process `pi`'s own tier of `mode` (économique is then no longer offered). */
export function removeOwnTier(c: Catalog, pi: number, mode: LeadTimeMode): void {
  const p = c.processes[pi];
  p.lead_times = (p.lead_times ?? []).filter((t) => t.mode !== mode);
}

/** Sets a number of process `pi`'s own tier of `mode`. */
export function setOwnTier(c: Catalog, pi: number, mode: LeadTimeMode, key: 'lead_time_days' | 'factor_percent', value: number | null): void {
  const tier = c.processes[pi].lead_times?.find((t) => t.mode === mode);
  if (tier) (tier as unknown as Record<string, number | null>)[key] = value;
}

/** What is wrong with a tier's days and factor (French, per field), as quote-core checks them. */
export function tierErrors(catalog: Catalog, pi: number, tier: LeadTimeTier): { days?: string; factor?: string } {
  const out: { days?: string; factor?: string } = {};
  const { lead_time_days: days, factor_percent: factor } = tier;
  if (days !== null && days > MAX_DAYS) out.days = `Au plus ${MAX_DAYS} jours ouvrés.`;
  if (factor !== null && (factor < 1 || factor > 1000)) out.factor = 'Entre 1 et 1000 %.';
  else if (tier.mode === 'express' && factor !== null && factor < 100) out.factor = 'Au moins 100 % : l’express ne coûte pas moins que le standard.';
  else if (tier.mode === 'economique' && factor !== null && factor > 100) out.factor = 'Au plus 100 % : l’économique ne coûte pas plus que le standard.';
  if (tier.mode === 'economique' && days !== null && !out.days) {
    const standard = processTiers(catalog, catalog.processes[pi].code).find((t) => t.mode === 'standard')?.lead_time_days;
    if (standard !== undefined && standard !== null && days < standard) out.days = `Au moins le délai standard (${standard} jours ouvrés).`;
  }
  return out;
}
