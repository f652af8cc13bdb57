import { describe, expect, it } from 'vitest';
import type { Catalog } from '@/wasm/types';
import { edited } from '../catalog-draft';
import { addOwnTier, ownTier, removeOwnTier, setOwnTier, tierErrors } from '../catalog-tiers';

const base = {
  lead_time_days: 7,
  express: { lead_time_days: 3, factor_percent: 135 },
  processes: [{ code: 'SLS' }, { code: 'SLM', lead_times: [{ mode: 'standard', lead_time_days: 10, factor_percent: 100 }] }],
} as unknown as Catalog;

describe('a process’s own lead-time tiers', () => {
  it('adds an économique tier after the process’s standard days at 90 %, and removes it', () => {
    const sls = edited(base, (c) => addOwnTier(c, 0, 'economique'));
    expect(ownTier(sls, 0, 'economique')).toEqual({ mode: 'economique', lead_time_days: 12, factor_percent: 90 });
    const slm = edited(base, (c) => addOwnTier(c, 1, 'economique'));
    expect(slm.processes[1].lead_times).toEqual([
      { mode: 'standard', lead_time_days: 10, factor_percent: 100 },
      { mode: 'economique', lead_time_days: 15, factor_percent: 90 },
    ]);
    const gone = edited(slm, (c) => removeOwnTier(c, 1, 'economique'));
    expect(ownTier(gone, 1, 'economique')).toBeUndefined();
    expect(ownTier(gone, 1, 'standard')).toBeDefined();
    // An own express starts from the catalog's.
    expect(ownTier(edited(base, (c) => addOwnTier(c, 0, 'express')), 0, 'express')).toEqual({ mode: 'express', lead_time_days: 3, factor_percent: 135 });
  });

  it('says beside the field what the save would refuse', () => {
    const sls = edited(base, (c) => addOwnTier(c, 0, 'economique'));
    expect(tierErrors(sls, 0, ownTier(sls, 0, 'economique')!)).toEqual({});
    const wrong = edited(sls, (c) => {
      setOwnTier(c, 0, 'economique', 'factor_percent', 110);
      setOwnTier(c, 0, 'economique', 'lead_time_days', 5);
    });
    expect(tierErrors(wrong, 0, ownTier(wrong, 0, 'economique')!)).toEqual({
      days: 'Au moins le délai standard (7 jours ouvrés).',
      factor: 'Au plus 100 % : l’économique ne coûte pas plus que le standard.',
    });
    const express = edited(base, (c) => {
      addOwnTier(c, 0, 'express');
      setOwnTier(c, 0, 'express', 'factor_percent', 90);
    });
    expect(tierErrors(express, 0, ownTier(express, 0, 'express')!).factor).toBe('Au moins 100 % : l’express ne coûte pas moins que le standard.');
  });
});
