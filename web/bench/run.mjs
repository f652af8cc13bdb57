// Runs the browser benchmark headless: builds web/bench with Vite, serves it on 127.0.0.1, opens
// it in Debian's Chromium (playwright-core) and prints the medians as Markdown rows.
//
//   node web/bench/run.mjs [--nu 1000 --nv 500 --runs 5]     (1,000,000 triangles by default)
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const query = `?nu=${arg('nu', 1000)}&nv=${arg('nv', 500)}&runs=${arg('runs', 5)}`;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

await build({ configFile: join(here, 'vite.config.ts') });

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
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
  await page.waitForFunction(() => window.__bench, null, { timeout: 15 * 60_000, polling: 500 });
  const result = await page.evaluate(() => window.__bench);
  if (result.error) throw new Error(result.error);
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
  console.log(`| du dépôt au premier prix (worker démarré au dépôt, compilation comprise) | ${fmt(result.first_price_cold.median_ms)} | |`);
  console.log(`| du dépôt à l’aperçu 3D prêt (idem) | ${fmt(coldPreview)} | |`);
  console.log(`\nquick stats: ${(1 / quick.median_ratio).toFixed(2)}x faster than JS; full analysis: ${full.median_ratio.toFixed(2)}x the JS time (medians of per-round ratios)`);
  console.log(`checks: js volume ${js.check.volume_mm3.toFixed(3)}, wasm volume ${full.check.volume_mm3.toFixed(3)}, watertight ${full.check.watertight}`);
  console.log(`first price runs (warm worker): ${JSON.stringify(result.first_price.runs)}`);
  console.log(`first price runs (cold worker): ${JSON.stringify(result.first_price_cold.runs)}`);
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
