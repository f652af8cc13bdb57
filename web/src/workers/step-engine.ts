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
 * Most bytes accepted before the header: a UTF-8 BOM, blanks and `/* … *\/` comments, 64 KiB in
 * all (quote-core's `MAX_STEP_PREAMBLE`).
 */
export const MAX_STEP_PREAMBLE = 64 * 1024;

/** The first bytes {@link isStepFile} needs to see the header after the longest preamble (quote-core's `STEP_SNIFF_BYTES`). */
export const STEP_SNIFF_BYTES = MAX_STEP_PREAMBLE + HEADER.length;

/** The blanks Rust's `is_ascii_whitespace` knows: space, tab, line feed, form feed, carriage return. */
const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

/**
 * Whether a file is STEP: by its name, or by its first {@link STEP_SNIFF_BYTES} bytes starting
 * with the ISO 10303-21 header after a UTF-8 BOM, blanks and comments of at most
 * {@link MAX_STEP_PREAMBLE} bytes, as the engine recognises it whatever the name
 * (`quote_core::import::looks_like_step`).
 */
export function isStepFile(name: string, bytes: Uint8Array): boolean {
  if (STEP_NAME.test(name)) return true;
  const b = bytes.subarray(0, STEP_SNIFF_BYTES);
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  for (;;) {
    if (i < b.length && isBlank(b[i])) {
      i++;
    } else if (b[i] === 0x2f && b[i + 1] === 0x2a) {
      // A comment: up to its closing `*/`, which must be within the bytes seen.
      let end = i + 2;
      while (end + 1 < b.length && !(b[end] === 0x2a && b[end + 1] === 0x2f)) end++;
      if (end + 1 >= b.length) return false;
      i = end + 2;
    } else {
      break;
    }
  }
  if (i > MAX_STEP_PREAMBLE || b.length - i < HEADER.length) return false;
  for (let k = 0; k < HEADER.length; k++) {
    if (b[i + k] !== HEADER.charCodeAt(k)) return false;
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
