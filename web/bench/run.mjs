// Runs the browser benchmark headless: builds web/bench with Vite, serves it on 127.0.0.1, opens
// it in Debian's Chromium (playwright-core) and prints the medians as Markdown rows.
//
//   node web/bench/run.mjs [--nu 1000 --nv 500 --runs 5]     (1,000,000 triangles by default)
//   node web/bench/run.mjs --suite step [--runs 5]
//
// The STEP suite reads every file of ../shared/fixtures/step (listed in its expected.tsv) with
// quote-core's STEP module (web/src/wasm/pkg-step) and with occt-import-js in the same worker of
// the same page, and natively with `quote-bench refusable FILE RUNS` (QUOTE_BENCH, default
// target/release/quote-bench, built with `cargo build --release -p quote-cli --features step`).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const suite = arg('suite', 'stl');
const runs = Number(arg('runs', 5));
const query = `?suite=${suite}&nu=${arg('nu', 1000)}&nv=${arg('nv', 500)}&runs=${runs}`;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const repo = resolve(here, '../..');
const stepRoot = resolve(repo, '../shared/fixtures/step');
/** The STEP corpus's files, in expected.tsv's order (empty outside the STEP suite). */
let stepNames = [];
if (suite === 'step') {
  if (!existsSync(join(stepRoot, 'expected.tsv'))) {
    console.log(`SKIP: ${stepRoot} is absent, no STEP benchmark`);
    process.exit(0);
  }
  if (!existsSync(join(repo, 'web/src/wasm/pkg-step/quote_wasm_bg.wasm'))) {
    throw new Error('web/src/wasm/pkg-step is missing: scripts/build-wasm.sh builds it');
  }
  stepNames = readFileSync(join(stepRoot, 'expected.tsv'), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t')[0]);
} else if (suite !== 'stl') {
  throw new Error(`--suite ${suite}: stl or step`);
}

await build({ configFile: join(here, 'vite.config.ts') });

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  if (path === '/step-corpus/index.json') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(stepNames));
    return;
  }
  const corpusFile = path.startsWith('/step-corpus/') ? join(stepRoot, path.slice('/step-corpus/'.length)) : null;
  if (corpusFile && stepNames.some((n) => join(stepRoot, n) === corpusFile)) {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(readFileSync(corpusFile));
    return;
  }
  const file = join(out, path === '/' ? 'index.html' : path);
  if (!file.startsWith(out) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/index.html${query}`;

const profile = mkdtempSync(join(tmpdir(), 'fa-bench-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(() => window.__bench, null, { timeout: (suite === 'step' ? 60 : 15) * 60_000, polling: 500 });
  const result = await page.evaluate(() => window.__bench);
  if (result.error) throw new Error(result.error);
  if (suite === 'step') stepReport(result);
  else stlReport(result);
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}

/** The STL suite's Markdown rows. */
function stlReport(result) {
  const mb = (result.file_bytes / 1e6).toFixed(1);
  console.log(`# ${result.triangles} triangles, ${mb} MB, ${result.user_agent}`);
  const [js, quick, , full] = result.series;
  const previewMedian = [...result.first_price.runs.map((r) => r.previewMs)].sort((a, b) => a - b)[1];
  const fmt = (x) => `${x.toFixed(0)} ms`;
  console.log('| chemin | médiane | rapport au chemin JS |');
  console.log('|---|---|---|');
  for (const s of result.series) console.log(`| ${s.name} | ${fmt(s.median_ms)} | ${s.median_ratio.toFixed(2)} |`);
  const coldPreview = [...result.first_price_cold.runs.map((r) => r.previewMs)].sort((a, b) => a - b)[1];
  console.log(`| du dépôt au premier prix (worker démarré et échauffé à l’ouverture de la page) | ${fmt(result.first_price.median_ms)} | |`);
  console.log(`| du dépôt à l’aperçu 3D prêt (idem, buffers transférés) | ${fmt(previewMedian)} | |`);
  const w = result.first_price_whole;
  console.log(`| du dépôt au premier prix, fichier lu en entier avant l’analyse (worker échauffé) | ${fmt(w.median_ms)} | lu en flux / lu en entier : ${w.median_ratio.toFixed(2)} |`);
  console.log(`| du dépôt au premier prix (worker démarré au dépôt, compilation comprise) | ${fmt(result.first_price_cold.median_ms)} | |`);
  console.log(`| du dépôt à l’aperçu 3D prêt (idem) | ${fmt(coldPreview)} | |`);
  console.log(`\nquick stats: ${(1 / quick.median_ratio).toFixed(2)}x faster than JS; full analysis: ${full.median_ratio.toFixed(2)}x the JS time (medians of per-round ratios)`);
  console.log(`checks: js volume ${js.check.volume_mm3.toFixed(3)}, wasm volume ${full.check.volume_mm3.toFixed(3)}, watertight ${full.check.watertight}`);
  console.log(`first price runs (warm worker): ${JSON.stringify(result.first_price.runs)}`);
  console.log(`first price runs (warm worker, file read whole first): ${JSON.stringify(w.runs)}`);
  console.log(`first price runs (cold worker): ${JSON.stringify(result.first_price_cold.runs)}`);
}

/** Native time of one STEP file: `quote-bench refusable FILE RUNS`, median wall time in ms. */
function nativeStep(name) {
  const bin = resolve(repo, process.env.QUOTE_BENCH ?? 'target/release/quote-bench');
  if (!existsSync(bin)) return null;
  const outp = spawnSync(bin, ['refusable', join(stepRoot, name), String(runs)], { encoding: 'utf8' });
  if (outp.status !== 0) return { error: outp.stderr.trim() };
  const line = JSON.parse(outp.stdout);
  return { ms: line.median_s * 1000, result: line.result };
}

/** The STEP suite's Markdown table, then the medians over the corpus. */
function stepReport(result) {
  const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1)).replace('.', ',');
  const int = (n) => n.toLocaleString('fr-FR').replace(/\u202f/g, ' ');
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  console.log(`# ${result.files.length} STEP files, ${result.runs} runs each (median), ${result.user_agent}`);
  console.log(`# load average before the native runs: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('| fichier | Ko | natif (quote-bench) | pkg-step (Chromium) | occt-import-js (Chromium) | rapport occt / pkg-step | triangles pkg-step | triangles occt | résultat pkg-step |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const ratios = [];
  const ours = [];
  const occt = [];
  for (const f of result.files) {
    const n = nativeStep(f.file);
    const nat = n === null ? '–' : n.error ? 'erreur' : `${fmt(n.ms)} ms`;
    const ratio = f.occt.median_ms / f.ours.median_ms;
    ratios.push(ratio);
    ours.push(f.ours.median_ms);
    occt.push(f.occt.median_ms);
    const outcome = f.ours.check.error ? `refus : ${f.ours.check.error}` : 'lu';
    const occtTri = f.occt.check.error ? `${int(f.occt.check.triangles)} (${f.occt.check.error})` : int(f.occt.check.triangles);
    console.log(`| ${f.file} | ${int(Math.round(f.bytes / 1024))} | ${nat} | ${fmt(f.ours.median_ms)} ms | ${fmt(f.occt.median_ms)} ms | ${ratio.toFixed(2).replace('.', ',')} | ${int(f.ours.check.triangles)} | ${occtTri} | ${outcome} |`);
  }
  console.log(`\nmedian file time: pkg-step ${fmt(median(ours))} ms, occt-import-js ${fmt(median(occt))} ms; median of per-file ratios occt/pkg-step ${median(ratios).toFixed(2)} (above 1: pkg-step faster); pkg-step faster on ${ratios.filter((r) => r > 1).length} of ${ratios.length} files`);
  console.log(`# load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`raw: ${JSON.stringify(result.files.map((f) => ({ file: f.file, ours: f.ours.runs_ms, occt: f.occt.runs_ms, ours_first: f.ours.first_ms, occt_first: f.occt.first_ms, occt_volume: f.occt.check.volume_mm3, ours_volume: f.ours.check.volume_mm3 })))}`);
}
