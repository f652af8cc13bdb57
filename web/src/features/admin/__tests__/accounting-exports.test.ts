import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fileNameOf } from '@/lib/download';
import { exportUrl, fieldReasons } from '../api/accounting-exports';

describe('accounting exports', () => {
  it('builds the address of each export with its query', () => {
    expect(exportUrl('fec', { du: '2026-01-01', au: '2026-12-31' })).toBe('/api/backend/Factures/fec?du=2026-01-01&au=2026-12-31');
    expect(exportUrl('etat-recapitulatif', { mois: '2026-11' })).toBe('/api/backend/Factures/etat-recapitulatif?mois=2026-11');
  });

  it('reads the reasons a 400 ties to fields, and nothing else', () => {
    const refusal = new ApiError(400, { errors: { au: ['Le dernier jour de la période précède le premier.'] } });
    expect(fieldReasons(refusal)).toEqual({ au: 'Le dernier jour de la période précède le premier.' });
    expect(fieldReasons(new ApiError(400, { errors: ['Cette période compte plus de 500 documents'] }))).toEqual({});
    expect(fieldReasons(new ApiError(403, { errors: { au: ['x'] } }))).toEqual({});
    expect(fieldReasons(new Error('réseau'))).toEqual({});
  });

  it('names the file as the server does', () => {
    expect(fileNameOf('attachment; filename="000000000FEC20261231.txt"', 'fec.txt')).toBe('000000000FEC20261231.txt');
    expect(fileNameOf(null, 'fec.txt')).toBe('fec.txt');
  });
});
