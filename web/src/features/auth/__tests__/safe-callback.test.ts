import { describe, expect, it } from 'vitest';
import { safeCallback } from '../api/safe-callback';

describe('safeCallback', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeCallback('/compte/panier?x=1')).toBe('/compte/panier?x=1');
  });

  it('refuses other sites and missing values', () => {
    expect(safeCallback('//evil.example/x')).toBe('/');
    expect(safeCallback('https://evil.example/x')).toBe('/');
    expect(safeCallback('/\\evil.example')).toBe('/');
    expect(safeCallback(null)).toBe('/');
    expect(safeCallback('')).toBe('/');
  });

  it('refuses a tab or any other control character', () => {
    expect(safeCallback('/\t/evil.example')).toBe('/');
    expect(safeCallback('/\n/evil.example')).toBe('/');
    expect(safeCallback('/\r/evil.example')).toBe('/');
    expect(safeCallback('/compte\u0000')).toBe('/');
    expect(safeCallback('/\u007f/evil.example')).toBe('/');
  });
});
