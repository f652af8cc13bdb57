import { describe, expect, it } from 'vitest';
import type { Catalog, PriceOptions } from '@/wasm/types';
import { factorText, modeOf, modeOptions, processTiers, withOfferedTier } from '../lead-time-tiers';

/** Standard 7 days and express 3 days at 135 % everywhere; SLS adds an économique tier. */
const catalog = {
  lead_time_days: 7,
  express: { lead_time_days: 3, factor_percent: 135 },
  processes: [
    { code: 'SLA', lead_times: [] },
    { code: 'SLS', lead_times: [{ mode: 'economique', lead_time_days: 12, factor_percent: 90 }] },
  ],
} as unknown as Catalog;

const options = (change: Partial<PriceOptions> = {}) =>
  ({ process: 'SLS', material: null, colour: null, finish: null, post_treatments: [], quantity: 1, express: false, economique: false, ...change }) as PriceOptions;

describe('lead-time tiers', () => {
  it('lists a process’s tiers slowest first, with its own économique', () => {
    expect(processTiers(catalog, 'SLS').map((t) => [t.mode, t.lead_time_days, t.factor_percent])).toEqual([
      ['economique', 12, 90],
      ['standard', 7, 100],
      ['express', 3, 135],
    ]);
    expect(processTiers(catalog, 'SLA').map((t) => t.mode)).toEqual(['standard', 'express']);
  });

  it('reads the tier of options, old ones without `economique` too, and writes one', () => {
    expect(modeOf(options())).toBe('standard');
    expect(modeOf(options({ economique: true }))).toBe('economique');
    expect(modeOf(options({ express: true }))).toBe('express');
    expect(modeOf({ express: false })).toBe('standard');
    expect(modeOptions('economique')).toEqual({ express: false, economique: true });
    expect(modeOptions('standard')).toEqual({ express: false, economique: false });
  });

  it('gives up économique for standard when the new process has none, and keeps it otherwise', () => {
    const eco = options({ economique: true });
    expect(withOfferedTier(catalog, eco, { process: 'SLA' })).toMatchObject({ process: 'SLA', express: false, economique: false });
    expect(withOfferedTier(catalog, eco, { quantity: 5 })).toMatchObject({ quantity: 5, economique: true });
    expect(withOfferedTier(catalog, options({ express: true }), { process: 'SLA' })).toMatchObject({ express: true });
  });

  it('says a tier’s price against standard', () => {
    expect(factorText(90)).toBe('\u221210\u00a0%');
    expect(factorText(135)).toBe('+35\u00a0%');
    expect(factorText(100)).toBe('');
  });
});
