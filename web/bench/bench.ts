//! Browser benchmark page: runs each path several times on the same generated STL and publishes
//! the medians on `window.__bench` (read by bench/run.mjs), plus drop-to-first-price with the
//! production quote worker. With `?suite=step`, the STEP section instead: every file of the STEP
//! corpus (listed by run.mjs at step-corpus/index.json) read by quote-core's STEP module and by
//! occt-import-js in the same worker.
import * as Comlink from 'comlink';
import type { QuoteWorkerApi } from '@/workers/quote.worker';
import type { BenchApi, Run } from './bench.worker';
import type { StepBenchApi, StepRun } from './step.worker';
import { torusStl } from '@/workers/torus-stl';

const params = new URLSearchParams(location.search);
const NU = Number(params.get('nu') ?? 1000);
const NV = Number(params.get('nv') ?? 500);
const RUNS = Number(params.get('runs') ?? 5);
const SUITE = params.get('suite') ?? 'stl';
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

const status = (text: string) => {
  document.getElementById('status')!.textContent = text;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Series {
  name: string;
  median_ms: number;
  runs_ms: number[];
  first_ms: number;
  /** Median over the rounds of this path's time divided by the JS path's in the same round. */
  median_ratio: number;
  check: Run;
}

/**
 * Runs every path once per round, in turn, after one warm-up round (JIT, WebAssembly memory
 * growth): the machine's speed drifts between rounds, so each path's ratio to the JS path is
 * taken within a round.
 */
async function rounds(paths: [string, () => Promise<Run>][]): Promise<Series[]> {
  const first: Run[] = [];
  for (const [name, run] of paths) {
    status(`${name} (échauffement)…`);
    first.push(await run());
  }
  const times: number[][] = paths.map(() => []);
  const last: Run[] = [...first];
  for (let i = 0; i < RUNS; i++) {
    status(`tour ${i + 1} sur ${RUNS}…`);
    for (const [k, [, run]] of paths.entries()) {
      last[k] = await run();
      times[k].push(last[k].ms);
    }
  }
  return paths.map(([name], k) => ({
    name,
    median_ms: median(times[k]),
    runs_ms: times[k],
    first_ms: first[k].ms,
    median_ratio: median(times[k].map((t, i) => t / times[0][i])),
    check: last[k],
  }));
}

/**
 * From the drop to the first price on screen. `warm`: the worker was started and warmed up when
 * the page opened, as the quote page does; otherwise it starts at the drop (compile included).
 */
async function firstPrice(file: File, warm: boolean, stream = true) {
  let t0 = performance.now();
  const worker = new Worker(new URL('../src/workers/quote.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<QuoteWorkerApi>(worker);
  await api.setCatalog(null);
  let warmUpMs = 0;
  if (warm) {
    warmUpMs = await api.warmUp();
    t0 = performance.now();
  }
  const out = await api.analyse(file, file.name, 'mm', null, stream);
  if (!out.ok) throw new Error(out.error.message);
  const best = out.offers.filter((o) => o.breakdown).sort((a, b) => a.breakdown!.line_cents - b.breakdown!.line_cents)[0];
  document.getElementById('first-price')!.textContent = best ? euros.format(best.breakdown!.line_cents / 100) : '—';
  await new Promise(requestAnimationFrame);
  const ms = performance.now() - t0;
  const preview = await api.preview();
  const previewMs = performance.now() - t0;
  worker.terminate();
  return { ms, previewMs, warmUpMs, previewTriangles: preview ? preview.positions.length / 9 : 0, timings: out.timings };
}

async function main() {
  const worker = new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module' });
  const bench = Comlink.wrap<BenchApi>(worker);
  status('Génération du fichier…');
  const bytes = await bench.prepare(NU, NV);
  const series = await rounds([
    ['three STLLoader + boucle JS', () => bench.js()],
    ['quote-wasm QuickStatsStream (morceaux de 1 Mio)', () => bench.quickStream()],
    ['quote-wasm quickStats (fichier entier copié)', () => bench.quick()],
    ['quote-wasm analyse complète', () => bench.full()],
    ['quote-wasm aperçu 3D (après l’analyse)', () => bench.preview()],
  ]);
  worker.terminate();
  status('Du dépôt au premier prix…');
  const file = new File([torusStl(NU, NV)], 'tore.stl');
  const drops = [];
  // The file read whole before the analysis (the path before streaming), in turn with the
  // streamed drops: the ratio of each pair is taken within the pair.
  const whole = [];
  for (let i = 0; i < 3; i++) {
    drops.push(await firstPrice(file, true));
    whole.push(await firstPrice(file, true, false));
  }
  const cold = [];
  for (let i = 0; i < 3; i++) cold.push(await firstPrice(file, false));
  const result = {
    file_bytes: bytes,
    triangles: 2 * NU * NV,
    user_agent: navigator.userAgent,
    series,
    first_price: { median_ms: median(drops.map((d) => d.ms)), runs: drops },
    first_price_whole: {
      median_ms: median(whole.map((d) => d.ms)),
      median_ratio: median(drops.map((d, i) => d.ms / whole[i].ms)),
      runs: whole,
    },
    first_price_cold: { median_ms: median(cold.map((d) => d.ms)), runs: cold },
  };
  return result;
}

interface StepSeries {
  median_ms: number;
  runs_ms: number[];
  first_ms: number;
  check: StepRun;
}

/**
 * The STEP section: for each corpus file, one warm-up run of each reader then RUNS rounds in
 * which both read the file in turn, in the same worker; medians per reader.
 */
async function stepSuite() {
  const worker = new Worker(new URL('./step.worker.ts', import.meta.url), { type: 'module' });
  const bench = Comlink.wrap<StepBenchApi>(worker);
  const names: string[] = await (await fetch('step-corpus/index.json')).json();
  const files = [];
  for (const [i, name] of names.entries()) {
    status(`${name} (${i + 1} sur ${names.length})…`);
    const bytes = await bench.load(name);
    const readers: [string, () => Promise<StepRun>][] = [
      ['ours', () => bench.ours()],
      ['occt', () => bench.occt()],
    ];
    const out: Record<string, StepSeries> = {};
    const first = [];
    for (const [, run] of readers) first.push(await run());
    const times: number[][] = readers.map(() => []);
    const last = [...first];
    for (let r = 0; r < RUNS; r++) {
      for (const [k, [, run]] of readers.entries()) {
        last[k] = await run();
        times[k].push(last[k].ms);
      }
    }
    for (const [k, [reader]] of readers.entries()) {
      out[reader] = { median_ms: median(times[k]), runs_ms: times[k], first_ms: first[k].ms, check: last[k] };
    }
    files.push({ file: name, bytes, ...out });
  }
  worker.terminate();
  return { suite: 'step', runs: RUNS, user_agent: navigator.userAgent, files };
}

async function run() {
  const result = SUITE === 'step' ? await stepSuite() : await main();
  document.getElementById('result')!.textContent = JSON.stringify(result, null, 2);
  status('Terminé');
  (window as unknown as { __bench: unknown }).__bench = result;
}

run().catch((error: unknown) => {
  status(`Échec : ${String(error)}`);
  (window as unknown as { __bench: unknown }).__bench = { error: String(error) };
});
