// Parity of the two builds of the quote engine: for every fixture of fixtures/expected.json (and
// every file of ../shared/fixtures when present), the WebAssembly package (web/src/wasm/pkg, loaded
// in Node with initSync) must give exactly the same analysis and the same price in cents for each
// process as the native `quote --json` command. Ends with "parity: N passed, N failed".
//
//   node web/e2e/wasm-parity.mjs            (QUOTE_BIN defaults to target/release/quote)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const pkg = join(repo, 'web/src/wasm/pkg');
const quoteBin = resolve(repo, process.env.QUOTE_BIN ?? 'target/release/quote');
const sharedRoot = resolve(repo, '../shared/fixtures');
const MAX_SHARED_BYTES = 20 * 1024 * 1024;

const engine = await import(pathToFileURL(join(pkg, 'quote_wasm.js')).href);
engine.initSync({ module: readFileSync(join(pkg, 'quote_wasm_bg.wasm')) });

function files() {
  const own = JSON.parse(readFileSync(join(repo, 'fixtures/expected.json'), 'utf8')).fixtures.map((f) => join(repo, 'fixtures', f.file));
  const shared = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else if (/\.(stl|obj|3mf)$/i.test(name) && st.size <= MAX_SHARED_BYTES) shared.push(path);
    }
  };
  if (existsSync(sharedRoot)) walk(sharedRoot);
  else console.log(`# ${sharedRoot} absent: own fixtures only`);
  return [...own, ...shared.sort()];
}

/** The native result of each file, by path (one JSON line per file); `body` (0-based) analyses that body alone. */
function native(paths, body = null) {
  if (!existsSync(quoteBin)) throw new Error(`${quoteBin} missing: cargo build --release -p quote-cli (or set QUOTE_BIN)`);
  const corps = body === null ? [] : ['--corps', String(body + 1)];
  const out = spawnSync(quoteBin, ['--json', ...corps, ...paths], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const byFile = new Map();
  for (const line of out.stdout.split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    byFile.set(r.file, r);
  }
  return byFile;
}

function wasm(path, body = null) {
  const bytes = readFileSync(path);
  try {
    const analysed = body === null ? engine.analyze(path, bytes, 'mm', null) : engine.analyzeBody(path, bytes, 'mm', null, body);
    const analysis = JSON.parse(analysed.analysisJson);
    analysed.free();
    const offers = JSON.parse(engine.priceAll(JSON.stringify(analysis), null, 1));
    const prices = Object.fromEntries(offers.map((o) => [o.process, o.breakdown ? o.breakdown.unit_cents : null]));
    return { analysis, prices };
  } catch (error) {
    return { error: { code: error.code, message: error.message } };
  }
}

/** Differences between the native line and the wasm result, as text (empty when identical). */
function differences(n, w) {
  if (n.error || w.error) {
    return JSON.stringify(n.error ?? null) === JSON.stringify(w.error ?? null) ? [] : [`error: native ${JSON.stringify(n.error)} wasm ${JSON.stringify(w.error)}`];
  }
  const diffs = [];
  for (const [key, value] of Object.entries(w.analysis)) {
    if (JSON.stringify(n[key]) !== JSON.stringify(value)) diffs.push(`${key}: native ${JSON.stringify(n[key])} wasm ${JSON.stringify(value)}`);
  }
  if (JSON.stringify(n.prices) !== JSON.stringify(w.prices)) diffs.push(`prices: native ${JSON.stringify(n.prices)} wasm ${JSON.stringify(w.prices)}`);
  return diffs;
}

let passed = 0;
let failed = 0;
const paths = files();
const natives = native(paths);
for (const path of paths) {
  const label = relative(repo, path);
  const n = natives.get(path);
  const diffs = n ? differences(n, wasm(path)) : ['no native line'];
  if (diffs.length === 0) passed += 1;
  else {
    failed += 1;
    console.log(`FAIL ${label}\n     ${diffs.slice(0, 6).join('\n     ')}`);
  }
}
// Each body of the multi-body files alone (the parts a visitor splits out), at most 8 per file.
const MAX_BODIES = 8;
for (const path of paths) {
  const bodies = Math.min(natives.get(path)?.bodies ?? 0, MAX_BODIES);
  for (let body = 0; bodies > 1 && body < bodies; body++) {
    const n = native([path], body).get(path);
    const diffs = n ? differences(n, wasm(path, body)) : ['no native line'];
    if (diffs.length === 0) passed += 1;
    else {
      failed += 1;
      console.log(`FAIL ${relative(repo, path)} body ${body + 1}\n     ${diffs.slice(0, 6).join('\n     ')}`);
    }
  }
}
console.log(`parity: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
