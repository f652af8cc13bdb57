// Lighthouse scores of the home page, the quote page and a process page, on a running server (the
// release build for figures worth recording), with Debian's Chromium headless, and a Markdown
// table of the four categories and the main metrics. Lighthouse is fetched by npx at a pinned
// version, not installed with the app: CI never needs it. Its 13.x releases need Node 22, hence 12.
//
//   node web/bench/lighthouse.mjs http://127.0.0.1:8080 [--runs 3] [--presets desktop,mobile]
//                                 [--pages '/,/devis_ligne,/impression_3D?index=0']
//
// Each page runs with the desktop preset, and with the mobile one (Lighthouse's default: a phone's
// screen, user agent, 4× slower CPU and a slow 4G link, simulated) when the site lets a phone open
// it (web/src/lib/mobile.ts; the others answer a phone with /not_allowed_for_mobile). The table
// gives, per page and preset, the run of median performance among `--runs`. Targets (issue 26):
// each category at least 95 on desktop and 90 on mobile. JSON reports go to a temporary folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Kept in step with MOBILE_ALLOWED_PATHS of web/src/lib/mobile.ts. */
const MOBILE_ALLOWED = new Set(['/', '/accessibilite', '/not_allowed_for_mobile', '/charte_confidentialite', '/mention_legales', '/mentions_legales', '/conditions_vente']);
const TARGET = { desktop: 95, mobile: 90 };

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const base = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!base) {
  console.error('usage: node web/bench/lighthouse.mjs SERVER_URL [--runs 3] [--presets desktop,mobile] [--pages /,/devis_ligne]');
  process.exit(2);
}
const runs = Number(option('runs', 3));
const presets = option('presets', 'desktop,mobile').split(',');
const pages = option('pages', '/,/devis_ligne,/impression_3D?index=0').split(',');
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));

function lighthouse(url, preset, file) {
  const argv = ['--yes', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${file}`, `--chrome-flags=${CHROME_FLAGS}`, `--only-categories=${CATEGORIES.join(',')}`];
  if (preset === 'desktop') argv.push('--preset=desktop');
  const result = spawnSync('npx', argv, { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`lighthouse ${preset} ${url} failed (${result.status}): ${(result.stderr || result.stdout || '').slice(-2000)}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const score = (report, id) => Math.round((report.categories[id]?.score ?? 0) * 100);
const metric = (report, id) => report.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '–';

const rows = [];
for (const path of pages) {
  for (const preset of presets) {
    const bare = path.split('?')[0];
    if (preset === 'mobile' && !MOBILE_ALLOWED.has(bare)) continue;
    const reports = [];
    for (let run = 1; run <= runs; run += 1) {
      const file = join(out, `${preset}-${bare.slice(1).replace(/\W+/g, '_') || 'home'}-${run}.json`);
      const report = lighthouse(new URL(path, base).href, preset, file);
      if (report.finalDisplayedUrl && new URL(report.finalDisplayedUrl).pathname !== bare) {
        console.error(`# ${preset} ${path} ended on ${report.finalDisplayedUrl}`);
      }
      reports.push(report);
      console.error(`# ${preset} ${path} run ${run}: ${CATEGORIES.map((c) => score(report, c)).join(' / ')} (${file})`);
    }
    reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = reports[Math.floor((reports.length - 1) / 2)];
    const scores = CATEGORIES.map((c) => score(median, c));
    const perf = reports.map((r) => score(r, 'performance')).join(', ');
    rows.push(`| \`${path}\` | ${preset} | ${scores.join(' | ')} | ${perf} | ${metric(median, 'first-contentful-paint')} | ${metric(median, 'largest-contentful-paint')} | ${metric(median, 'total-blocking-time')} | ${metric(median, 'cumulative-layout-shift')} | ${scores.every((s) => s >= TARGET[preset]) ? 'yes' : '**no**'} |`);
  }
}

console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, ${base}, ${runs} run(s) per page and preset, ${new Date().toISOString()}\n`);
console.log('| page | preset | performance | accessibility | best practices | SEO | performance of each run | FCP | LCP | TBT | CLS | target met |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(`\nReports: ${out}`);
