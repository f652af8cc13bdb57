import { describe, expect, it } from 'vitest';
import { isStepFile, MAX_STEP_PREAMBLE, STEP_SNIFF_BYTES } from '../step-engine';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A file whose header comes after one comment, `preamble` bytes from its start. */
const afterComment = (preamble: number) => bytes(`/*${'x'.repeat(preamble - 4)}*/ISO-10303-21;\nHEADER;`);

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

  it('knows it after comments before the header, as the engine does', () => {
    expect(isStepFile('export', bytes('\uFEFF/* Exported by CAD 2026\n * licence: CC-BY */\r\n/**/\tISO-10303-21;\n'))).toBe(true);
    expect(isStepFile('export', bytes('/* x */ solid ISO-10303-21;'))).toBe(false);
    // A comment that does not close within the bytes seen.
    expect(isStepFile('export', bytes('/* ISO-10303-21;'))).toBe(false);
    expect(isStepFile('export', bytes('/*/ISO-10303-21;'))).toBe(false);
  });

  it('accepts 64 KiB of preamble, seen within the first STEP_SNIFF_BYTES, and no more', () => {
    const longest = afterComment(MAX_STEP_PREAMBLE);
    expect(isStepFile('export', longest.subarray(0, STEP_SNIFF_BYTES))).toBe(true);
    expect(isStepFile('export', afterComment(MAX_STEP_PREAMBLE + 1))).toBe(false);
    const blanks = new Uint8Array(MAX_STEP_PREAMBLE + 1 + 13).fill(0x20);
    blanks.set(bytes('ISO-10303-21;'), MAX_STEP_PREAMBLE + 1);
    expect(isStepFile('export', blanks)).toBe(false);
    // Whatever the file's length, only its first STEP_SNIFF_BYTES count.
    const late = new Uint8Array(STEP_SNIFF_BYTES + 100).fill(0x20);
    late.set(bytes('ISO-10303-21;'), STEP_SNIFF_BYTES);
    expect(isStepFile('export', late)).toBe(false);
  });
});
