//! The lead-time tiers a process offers (standard, express, « économique »), as quote-core's
//! `Catalog::lead_time_tiers` builds them, and the tier a line's options ask for: `express` and
//! `economique` are one choice (quote-core refuses both), read here as one `LeadTimeMode`.
import type { Catalog, LeadTimeMode, LeadTimeTier, PriceOptions } from '@/wasm/types';

/** Slowest first, as quote-core sorts them. */
export const TIER_ORDER: Record<LeadTimeMode, number> = { economique: 0, standard: 1, express: 2 };

/** French names of the tiers. */
export const TIER_NAMES: Record<LeadTimeMode, string> = { economique: 'Économique', standard: 'Standard', express: 'Express' };

/** A process's tiers, slowest first, as quote-core's `Catalog::lead_time_tiers` builds them. */
export function processTiers(catalog: Catalog, code: string): LeadTimeTier[] {
  const tiers: LeadTimeTier[] = [{ mode: 'standard', lead_time_days: catalog.lead_time_days, factor_percent: 100 }];
  if (catalog.express) tiers.push({ mode: 'express', ...catalog.express });
  const process = catalog.processes.find((p) => p.code === code);
  for (const own of process?.lead_times ?? []) {
    const i = tiers.findIndex((t) => t.mode === own.mode);
    if (i >= 0) tiers[i] = own;
    else tiers.push(own);
  }
  return tiers.sort((a, b) => TIER_ORDER[a.mode] - TIER_ORDER[b.mode]);
}

/**
 * The tier the options ask for. Options saved before the économique tier have no `economique`:
 * read as not asked.
 */
export function modeOf(options: Pick<PriceOptions, 'express'> & { economique?: boolean }): LeadTimeMode {
  if (options.express) return 'express';
  return options.economique ? 'economique' : 'standard';
}

/** The option fields that ask for `mode` (and not the other tier). */
export function modeOptions(mode: LeadTimeMode): Pick<PriceOptions, 'express' | 'economique'> {
  return { express: mode === 'express', economique: mode === 'economique' };
}

/**
 * `options` after `update`, with a lead-time tier the (new) process does not offer given up for
 * standard: choosing a process without an économique tier must not leave the line unpriceable.
 */
export function withOfferedTier(catalog: Catalog, options: PriceOptions, update: Partial<PriceOptions>): PriceOptions {
  const next = { ...options, ...update };
  const mode = modeOf(next);
  if (mode === 'standard' || processTiers(catalog, next.process).some((t) => t.mode === mode)) return next;
  return { ...next, ...modeOptions('standard') };
}

/** « +35 % », « −10 % », or '' at 100 %: a tier's price against standard's. */
export function factorText(factorPercent: number): string {
  if (factorPercent === 100) return '';
  return factorPercent > 100 ? `+${factorPercent - 100}\u00a0%` : `\u2212${100 - factorPercent}\u00a0%`;
}
