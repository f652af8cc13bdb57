//! The quote engine's worker: runs quote-wasm off the main thread (reached with comlink). Keeps
//! the file's bytes to re-analyse in another unit, and hands the preview buffers over by transfer.
//! A STEP file is read by the second build of the engine (`pkg-step`, with the STEP reader),
//! fetched only when such a file arrives: the default module stays as small as it was.
import * as Comlink from 'comlink';
import init, * as defaultEngine from '@/wasm/pkg/quote_wasm';
import type { Analyzed } from '@/wasm/pkg/quote_wasm';
import { isStepFile, loadStepEngine, STEP_SNIFF_BYTES, type Engine } from './step-engine';
import { torusStl } from './torus-stl';
import type { Analysis, EngineError, LeadTimeMode, LeadTimeRow, PriceBreakdown, PriceOptions, ProcessOffer, QuickStats, Unit } from '@/wasm/types';
import { modeOf, modeOptions } from '@/lib/lead-time-tiers';

export type Outcome<T> = ({ ok: true } & T) | { ok: false; error: EngineError };

export interface Preview {
  positions: Float32Array;
  normals: Float32Array;
  colors: Uint8Array;
  /** Triangles flagged overhang / thin wall (in the preview). */
  overhangs: number;
  thin: number;
  stride: number;
}

/** One lead-time tier of the chosen options: its ship date and delivery ranges, and its line price. */
export interface TierOffer {
  row: LeadTimeRow;
  /** Line price with this tier, cents excl. VAT; null when the engine cannot price it. */
  line_cents: number | null;
  /** Whether the options ask for this tier. */
  chosen: boolean;
}

/** The prices of one quantity of the quantity table, per tier (null: not offered). */
export type QuantityRow = { quantity: number } & Record<LeadTimeMode, PriceBreakdown | null>;

export interface Analysed {
  analysis: Analysis;
  offers: ProcessOffer[];
  timings: { readMs: number; analyseMs: number; priceMs: number };
}

const ready = init();
/**
 * The dropped file and the build of the engine that reads it. `bytes` is read from `source` when
 * first needed: a whole-file analysis streams the file into the engine without keeping it.
 */
let file: { name: string; source: Blob; bytes: Uint8Array | null; engine: Engine } | null = null;
/** The body of the file analysed alone (a part split out of the file), or null for the whole file. */
let fileBody: number | null = null;
let lastUnit: Unit = 'mm';
/** Each body of the whole file alone, for the list of bodies: its analysis, and its mesh until previewed. */
let bodies: { analysisJson: string; analysed: Analyzed | null }[] = [];
let catalogJson: string | null = null;
let analysisJson: string | null = null;
/** The last analysis, holding its mesh until the preview is asked for. */
let lastAnalysed: Analyzed | null = null;

function engineError(error: unknown): EngineError {
  const e = error as { code?: unknown; message?: unknown };
  return {
    code: typeof e?.code === 'string' ? e.code : 'internal',
    message: typeof e?.message === 'string' ? e.message : 'Erreur interne du moteur de devis.',
  };
}

// Neutral blue-grey, overhang orange, thin wall violet, both red.
const PALETTE: [number, number, number][] = [
  [176, 190, 205],
  [240, 138, 36],
  [142, 68, 173],
  [214, 40, 40],
];

function colorsOf(flags: Uint8Array): { colors: Uint8Array; overhangs: number; thin: number } {
  const colors = new Uint8Array(flags.length * 9);
  let overhangs = 0;
  let thin = 0;
  for (let t = 0; t < flags.length; t++) {
    const f = flags[t] & 3;
    if (f & 1) overhangs++;
    if (f & 2) thin++;
    const [r, g, b] = PALETTE[f];
    for (let k = t * 9; k < t * 9 + 9; k += 3) {
      colors[k] = r;
      colors[k + 1] = g;
      colors[k + 2] = b;
    }
  }
  return { colors, overhangs, thin };
}

/** The build of the engine the kept file is read with (the default one before any file). */
function engine(): Engine {
  return file?.engine ?? defaultEngine;
}

/** The build of the engine that reads this file: the STEP one, fetched on first use, for a STEP file. */
async function engineFor(name: string, bytes: Uint8Array): Promise<Outcome<{ engine: Engine }>> {
  if (!isStepFile(name, bytes)) return { ok: true, engine: defaultEngine };
  try {
    return { ok: true, engine: await loadStepEngine() };
  } catch {
    return {
      ok: false,
      error: {
        code: 'step_engine_unavailable',
        message: 'Le module de lecture des fichiers STEP n’a pas pu être chargé : vérifiez votre connexion, puis déposez le fichier à nouveau.',
      },
    };
  }
}

function forgetBodies(): void {
  for (const b of bodies) b.analysed?.free();
  bodies = [];
}

/** The kept file's bytes, read once (a streamed analysis does not keep them). */
async function fileBytes(): Promise<Uint8Array | null> {
  if (!file) return null;
  file.bytes ??= new Uint8Array(await file.source.arrayBuffer());
  return file.bytes;
}

function forgetAnalysis(unit: Unit): void {
  lastAnalysed?.free();
  lastAnalysed = null;
  forgetBodies();
  lastUnit = unit;
}

/** Analyses the kept file (its bytes read) in `unit`, with the price of every process. */
function run(unit: Unit): Outcome<Analysed> {
  if (!file?.bytes) return { ok: false, error: { code: 'no_file', message: 'Aucun fichier à analyser.' } };
  forgetAnalysis(unit);
  const t0 = performance.now();
  const reader = file.engine;
  const result =
    fileBody === null
      ? reader.analyze(file.name, file.bytes, unit, catalogJson)
      : reader.analyzeBody(file.name, file.bytes, unit, catalogJson, fileBody);
  return priced(result, performance.now() - t0);
}

/**
 * A whole file's analysis as its pieces arrive (a binary STL is welded while the rest is read):
 * what `run` gives, without reading the file into memory first.
 */
async function runStreamed(source: Blob, name: string, unit: Unit): Promise<Outcome<Analysed>> {
  forgetAnalysis(unit);
  const t0 = performance.now();
  const stream = new defaultEngine.AnalysisStream(name, source.size);
  try {
    const reader = source.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      stream.push(value);
    }
  } catch (error) {
    stream.free();
    throw error;
  }
  const t1 = performance.now();
  const result = stream.finish(unit, catalogJson);
  const out = priced(result, performance.now() - t1);
  if (out.ok) out.timings.readMs = t1 - t0;
  return out;
}

/** Keeps an analysis and prices it with every process. */
function priced(result: Analyzed, analyseMs: number): Outcome<Analysed> {
  const reader = engine();
  const t1 = performance.now();
  lastAnalysed = result;
  analysisJson = result.analysisJson;
  const offers = JSON.parse(reader.priceAll(analysisJson, catalogJson, 1)) as ProcessOffer[];
  const t2 = performance.now();
  return {
    ok: true,
    analysis: JSON.parse(analysisJson) as Analysis,
    offers,
    timings: { readMs: 0, analyseMs, priceMs: t2 - t1 },
  };
}

/** The preview of the last analysis; its buffers are transferred, not copied. */
function preview(): Preview | null {
  const result = lastAnalysed;
  if (!result) return null;
  lastAnalysed = null;
  return previewOf(result);
}

/** The preview buffers of an analysis (which is freed), transferred to the page. */
function previewOf(result: Analyzed): Preview {
  result.buildPreview();
  const positions = result.takePositions();
  const normals = result.takeNormals();
  const { colors, overhangs, thin } = colorsOf(result.takeFlags());
  const stride = result.previewStride;
  result.free();
  const out: Preview = { positions, normals, colors, overhangs, thin, stride };
  return Comlink.transfer(out, [positions.buffer, normals.buffer, colors.buffer]);
}

/**
 * Runs the engine a few times on a small generated torus, so that the browser compiles its hot
 * functions with the optimising tier before a customer's file arrives: a long first analysis
 * would otherwise run in the baseline tier. Takes some 100 ms, off the main thread.
 */
function warmUp(): number {
  const t0 = performance.now();
  const bytes = new Uint8Array(torusStl(120, 60));
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    const result = defaultEngine.analyze('echauffement.stl', bytes, 'mm', catalogJson);
    defaultEngine.priceAll(result.analysisJson, catalogJson, 1);
    result.buildPreview();
    result.takePositions();
    result.takeNormals();
    colorsOf(result.takeFlags());
    result.free();
    defaultEngine.quickStats('echauffement.stl', bytes, 'mm');
  }
  return performance.now() - t0;
}

const WARM_UP_RUNS = 4;
let warm: Promise<number> | null = null;

const api = {
  /** Warms the engine up (once per worker; later calls wait for the first). Resolves to its ms. */
  async warmUp(): Promise<number> {
    await ready;
    warm ??= Promise.resolve().then(warmUp);
    return warm;
  },

  /** Sets the catalog (`Combinaison/full` as JSON) used by every later call. */
  async setCatalog(json: string | null): Promise<void> {
    catalogJson = json;
  },

  /**
   * Reads the file and analyses it in `unit`, with the price of every process; with `body`
   * (0-based), that body of the file alone (a part split out of a multi-body file). A whole
   * file is analysed as it is read (a binary STL welded while the rest arrives); `stream: false`
   * reads it whole first, as before (web/bench compares both).
   */
  async analyse(source: Blob, name: string, unit: Unit, body: number | null = null, stream = true): Promise<Outcome<Analysed>> {
    await ready;
    const t0 = performance.now();
    const head = new Uint8Array(await source.slice(0, STEP_SNIFF_BYTES).arrayBuffer());
    if (stream && body === null && !isStepFile(name, head)) {
      // The default engine reads the file as it arrives; its bytes are read again only if needed.
      file = { name, source, bytes: null, engine: defaultEngine };
      fileBody = null;
      try {
        return await runStreamed(source, name, unit);
      } catch (error) {
        return { ok: false, error: engineError(error) };
      }
    }
    const bytes = new Uint8Array(await source.arrayBuffer());
    const chosen = await engineFor(name, bytes);
    if (!chosen.ok) return chosen;
    file = { name, source, bytes, engine: chosen.engine };
    fileBody = body;
    const readMs = performance.now() - t0;
    try {
      const out = run(unit);
      if (out.ok) out.timings.readMs = readMs;
      return out;
    } catch (error) {
      return { ok: false, error: engineError(error) };
    }
  },

  /** The 3D preview of the last analysis (null when already taken or none). */
  async preview(): Promise<Preview | null> {
    return preview();
  },

  /** Analyses the kept file again in another unit. */
  async reanalyse(unit: Unit): Promise<Outcome<Analysed>> {
    await ready;
    try {
      await fileBytes();
      return run(unit);
    } catch (error) {
      return { ok: false, error: engineError(error) };
    }
  },

  /**
   * Each body of the last analysed (whole) file alone, at most `limit`, in the order of its
   * `body_details`: the figures and offers of the parts a split would make.
   */
  async analyseBodies(limit: number): Promise<Outcome<{ bodies: Analysed[] }>> {
    await ready;
    if (!file || fileBody !== null) return { ok: true, bodies: [] };
    try {
      const bytes = await fileBytes();
      if (!bytes) return { ok: true, bodies: [] };
      forgetBodies();
      const whole = JSON.parse(analysisJson ?? '{"bodies":0}') as Analysis;
      const out: Analysed[] = [];
      for (let b = 0; b < Math.min(whole.bodies, limit); b++) {
        const t0 = performance.now();
        const analysed = file.engine.analyzeBody(file.name, bytes, lastUnit, catalogJson, b);
        const t1 = performance.now();
        bodies.push({ analysisJson: analysed.analysisJson, analysed });
        const offers = JSON.parse(file.engine.priceAll(analysed.analysisJson, catalogJson, 1)) as ProcessOffer[];
        const analysis = JSON.parse(analysed.analysisJson) as Analysis;
        out.push({ analysis, offers, timings: { readMs: 0, analyseMs: t1 - t0, priceMs: performance.now() - t1 } });
      }
      return { ok: true, bodies: out };
    } catch (error) {
      return { ok: false, error: engineError(error) };
    }
  },

  /** The price of each body (from `analyseBodies`) with the customer's options: the breakdown, or why not. */
  async priceBodies(options: PriceOptions): Promise<Outcome<{ breakdown: PriceBreakdown }>[]> {
    await ready;
    return bodies.map((b) => {
      try {
        return { ok: true, breakdown: JSON.parse(engine().price(b.analysisJson, JSON.stringify(options), catalogJson)) as PriceBreakdown };
      } catch (error) {
        return { ok: false, error: engineError(error) };
      }
    });
  },

  /** The 3D preview of one body (from `analyseBodies`); null when already taken or none. */
  async bodyPreview(body: number): Promise<Preview | null> {
    const b = bodies[body];
    if (!b?.analysed) return null;
    const analysed = b.analysed;
    b.analysed = null;
    return previewOf(analysed);
  },

  /** Prices the last analysis with the customer's options. */
  async price(options: PriceOptions): Promise<Outcome<{ breakdown: PriceBreakdown }>> {
    await ready;
    if (!analysisJson) return { ok: false, error: { code: 'no_analysis', message: 'Le fichier n’est pas encore analysé.' } };
    try {
      const breakdown = JSON.parse(engine().price(analysisJson, JSON.stringify(options), catalogJson)) as PriceBreakdown;
      return { ok: true, breakdown };
    } catch (error) {
      return { ok: false, error: engineError(error) };
    }
  },

  /**
   * Every lead-time tier of the process of `options`, slowest first, for an order placed at
   * `unixMs` (`Date.now()`): its ship date and delivery ranges (quote-core's `lineLeadTimes`, the
   * post-treatments' days included, as the server's `calcul-prix` gives them) and its line price.
   */
  async tiers(options: PriceOptions, unixMs: number): Promise<Outcome<{ tiers: TierOffer[] }>> {
    await ready;
    if (!analysisJson) return { ok: false, error: { code: 'no_analysis', message: 'Le fichier n’est pas encore analysé.' } };
    const analysed = analysisJson;
    try {
      const priceWith = (mode: LeadTimeMode) =>
        JSON.parse(engine().price(analysed, JSON.stringify({ ...options, ...modeOptions(mode) }), catalogJson)) as PriceBreakdown;
      const asked = modeOf(options);
      const chosen = priceWith(asked);
      const rows = JSON.parse(defaultEngine.lineLeadTimes(catalogJson, unixMs, JSON.stringify(chosen))) as LeadTimeRow[];
      const tiers = rows.map((row): TierOffer => {
        if (row.mode === asked) return { row, line_cents: chosen.line_cents, chosen: true };
        try {
          return { row, line_cents: priceWith(row.mode).line_cents, chosen: false };
        } catch {
          return { row, line_cents: null, chosen: false };
        }
      });
      return { ok: true, tiers };
    } catch (error) {
      return { ok: false, error: engineError(error) };
    }
  },

  /**
   * The quantity table of the card: the options priced at each of `quantities`, at each tier
   * (économique, standard, express: the same engine call as the price, so the quantity breaks
   * apply as they will on the order). A tier the process does not offer is null.
   */
  async quantityTable(options: PriceOptions, quantities: number[]): Promise<Outcome<{ rows: QuantityRow[] }>> {
    await ready;
    if (!analysisJson) return { ok: false, error: { code: 'no_analysis', message: 'Le fichier n’est pas encore analysé.' } };
    const analysed = analysisJson;
    const priceAt = (quantity: number, mode: LeadTimeMode): PriceBreakdown | null => {
      try {
        return JSON.parse(engine().price(analysed, JSON.stringify({ ...options, quantity, ...modeOptions(mode) }), catalogJson)) as PriceBreakdown;
      } catch {
        return null;
      }
    };
    const rows: QuantityRow[] = quantities.map((quantity) => ({
      quantity,
      economique: priceAt(quantity, 'economique'),
      standard: priceAt(quantity, 'standard'),
      express: priceAt(quantity, 'express'),
    }));
    if (rows.some((r) => r.economique !== null || r.standard !== null || r.express !== null)) return { ok: true, rows };
    try {
      engine().price(analysed, JSON.stringify(options), catalogJson);
      return { ok: true, rows };
    } catch (error) {
      return { ok: false, error: engineError(error) };
    }
  },

  /**
   * Triangle count, volume, area and box without weld, read piece by piece as the file arrives
   * (a binary STL is never held whole in the engine's memory).
   */
  async quickStats(source: Blob, name: string, unit: Unit): Promise<Outcome<{ stats: QuickStats }>> {
    await ready;
    const chosen = await engineFor(name, new Uint8Array(await source.slice(0, STEP_SNIFF_BYTES).arrayBuffer()));
    if (!chosen.ok) return chosen;
    const stream = new chosen.engine.QuickStatsStream(name, source.size, unit);
    try {
      const reader = source.stream().getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stream.push(value);
      }
      return { ok: true, stats: JSON.parse(stream.finish()) as QuickStats };
    } catch (error) {
      return { ok: false, error: engineError(error) };
    } finally {
      stream.free();
    }
  },
};

export type QuoteWorkerApi = typeof api;

Comlink.expose(api);
