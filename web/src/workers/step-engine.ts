//! The build of the quote engine that reads STEP files (`web/src/wasm/pkg-step`: the same
//! functions as the default module, with quote-core's STEP reader), fetched and compiled only
//! when the first STEP file arrives, since most files are STL, OBJ or 3MF.
import type * as DefaultEngine from '@/wasm/pkg/quote_wasm';

/** What the worker calls on a build of the engine; both builds export the same functions. */
export type Engine = Pick<typeof DefaultEngine, 'analyze' | 'analyzeBody' | 'price' | 'priceAll' | 'QuickStatsStream'>;

/** What a STEP file is called (`.step`, `.stp`, any case). */
export const STEP_NAME = /\.(step|stp)$/i;

const HEADER = 'ISO-10303-21';

/**
 * Whether a file is STEP: by its name, or by its content starting with the ISO 10303-21 header
 * (after a UTF-8 BOM and blanks), as the engine recognises it whatever the name.
 */
export function isStepFile(name: string, bytes: Uint8Array): boolean {
  if (STEP_NAME.test(name)) return true;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i] >= 0x09 && bytes[i] <= 0x0d))) i++;
  if (bytes.length - i < HEADER.length) return false;
  for (let k = 0; k < HEADER.length; k++) {
    if (bytes[i + k] !== HEADER.charCodeAt(k)) return false;
  }
  return true;
}

let loading: Promise<Engine> | null = null;

/** The STEP build of the engine, fetched and initialised once; a failed fetch is tried again next time. */
export function loadStepEngine(): Promise<Engine> {
  loading ??= (async () => {
    const module = await import('@/wasm/pkg-step/quote_wasm');
    await module.default();
    return module;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
