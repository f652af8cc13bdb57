import { describe, expect, it } from 'vitest';
import { isStepFile } from '../step-engine';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('isStepFile', () => {
  it('knows a STEP file by its name, whatever the case', () => {
    expect(isStepFile('bride.STEP', new Uint8Array())).toBe(true);
    expect(isStepFile('bride.stp', bytes('solid'))).toBe(true);
    expect(isStepFile('bride.step.stl', bytes('solid x'))).toBe(false);
  });

  it('knows it by its ISO 10303-21 header after a BOM and blank lines, as the engine does', () => {
    expect(isStepFile('export', bytes('\uFEFF\r\n  ISO-10303-21;\nHEADER;'))).toBe(true);
    expect(isStepFile('piece.stl', bytes('ISO-10303-21;'))).toBe(true);
    expect(isStepFile('piece.stl', bytes('solid ISO-10303-21'))).toBe(false);
    expect(isStepFile('piece.obj', bytes('  ISO-10303'))).toBe(false);
  });
});
