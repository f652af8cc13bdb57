//! Browser benchmark page: runs each path several times on the same generated STL and publishes
//! the medians on `window.__bench` (read by bench/run.mjs), plus drop-to-first-price with the
//! production quote worker.
import * as Comlink from 'comlink';
import type { QuoteWorkerApi } from '@/workers/quote.worker';
import type { BenchApi, Run } from './bench.worker';
import { torusStl } from '@/workers/torus-stl';

const params = new URLSearchParams(location.search);
const NU = Number(params.get('nu') ?? 1000);
const NV = Number(params.get('nv') ?? 500);
const RUNS = Number(params.get('runs') ?? 5);
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

const status = (text: string) => {
  document.getElementById('status')!.textContent = text;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function series(name: string, run: () => Promise<Run>) {
  status(`${name}…`);
  const first = await run(); // warm-up: JIT, WebAssembly memory growth
  const times: number[] = [];
  let last = first;
  for (let i = 0; i < RUNS; i++) {
    last = await run();
    times.push(last.ms);
  }
  return { name, median_ms: median(times), runs_ms: times, first_ms: first.ms, check: last };
}

/**
 * From the drop to the first price on screen. `warm`: the worker was started and warmed up when
 * the page opened, as the quote page does; otherwise it starts at the drop (compile included).
 */
async function firstPrice(file: File, warm: boolean) {
  let t0 = performance.now();
  const worker = new Worker(new URL('../src/workers/quote.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<QuoteWorkerApi>(worker);
  await api.setCatalog(null);
  let warmUpMs = 0;
  if (warm) {
    warmUpMs = await api.warmUp();
    t0 = performance.now();
  }
  const out = await api.analyse(file, file.name, 'mm');
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
  const js = await series('three STLLoader + boucle JS', () => bench.js());
  const quick = await series('quote-wasm QuickStatsStream (morceaux de 1 Mio)', () => bench.quickStream());
  const quickWhole = await series('quote-wasm quickStats (fichier entier copié)', () => bench.quick());
  const full = await series('quote-wasm analyse complète', () => bench.full());
  const preview = await series('quote-wasm aperçu 3D (après l’analyse)', () => bench.preview());
  worker.terminate();
  status('Du dépôt au premier prix…');
  const file = new File([torusStl(NU, NV)], 'tore.stl');
  const drops = [];
  for (let i = 0; i < 3; i++) drops.push(await firstPrice(file, true));
  const cold = [];
  for (let i = 0; i < 3; i++) cold.push(await firstPrice(file, false));
  const result = {
    file_bytes: bytes,
    triangles: 2 * NU * NV,
    user_agent: navigator.userAgent,
    series: [js, quick, quickWhole, full, preview],
    first_price: { median_ms: median(drops.map((d) => d.ms)), runs: drops },
    first_price_cold: { median_ms: median(cold.map((d) => d.ms)), runs: cold },
  };
  document.getElementById('result')!.textContent = JSON.stringify(result, null, 2);
  status('Terminé');
  (window as unknown as { __bench: unknown }).__bench = result;
}

main().catch((error: unknown) => {
  status(`Échec : ${String(error)}`);
  (window as unknown as { __bench: unknown }).__bench = { error: String(error) };
});
