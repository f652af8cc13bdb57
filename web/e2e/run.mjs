// End-to-end runner: starts the real server on a fresh SQLite data folder, drives Debian's
// Chromium through playwright-core, runs every e2e/*.spec.mjs and ends with "N passed, N failed".
// A spec may set `timeoutMs` (default 120 s, E2E_TIMEOUT_MS) when it reads many files. The default
// leaves room for the admin's sign-ins, each of which may wait up to 30 s for an unused TOTP step.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { makeContext } from './support/context.mjs';
import { otpauthSecret } from './support/totp.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const repoRoot = resolve(webDir, '..');
const serverBin = resolve(repoRoot, process.env.SERVER_BIN ?? 'target/debug/server');
const webDist = resolve(webDir, 'dist');
const artifacts = join(here, 'artifacts');
const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY, 'i') : null;
const TEST_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS ?? 120_000);

const admin = { email: 'admin@forme-additive.test', password: 'Admin-e2e-2026-secret' };

const stripeKeys = { secret: 'sk_test_forme_additive_e2e', publishable: 'pk_test_forme_additive_e2e', webhook: 'whsec_forme_additive_e2e' };

// The shop's VAT number sent to VIES as the requester (the default COMPANY_VAT is fictitious).
const viesRequester = 'FR40303265045';

function serverEnv(dataDir, stripeBase, viesBase) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
    CAPTCHA_MAX_NUMBER: process.env.CAPTCHA_MAX_NUMBER ?? '10000',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  for (const key of Object.keys(env)) if (key.startsWith('STRIPE_') || key.startsWith('VIES_')) delete env[key];
  // Never the European Commission's service from a test: the stand-in, or a closed port.
  Object.assign(env, { VIES_URL: viesBase ?? 'http://127.0.0.1:9', VIES_REQUESTER: viesRequester });
  if (stripeBase) {
    // Card payments against localstripe: its API, and its Stripe.js stand-in for the browser.
    Object.assign(env, {
      STRIPE_SECRET_KEY: stripeKeys.secret,
      STRIPE_PUBLISHABLE_KEY: stripeKeys.publishable,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhook,
      STRIPE_API_BASE: stripeBase,
      STRIPE_JS_URL: `${stripeBase}/js.stripe.com/v3/`,
    });
  }
  return env;
}

/** Starts one of the server's test partners (`server/tests/<script>`) on a free port of 127.0.0.1;
 * resolves once it prints `PORT n`. */
function startPartner(name, script) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('python3', [resolve(repoRoot, 'server/tests', script)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 30 s:\n${seen}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      const match = seen.match(/PORT (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, base: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.stderr.on('data', (chunk) => {
      seen += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${seen}`));
    });
  });
}

/** Starts localstripe (server/tests/localstripe_server.py) on a free port of 127.0.0.1. Without
 * it (not installed) the card journey checks that the card is not offered; CI requires it. */
const startLocalStripe = () => startPartner('localstripe', 'localstripe_server.py');

/** Starts the VIES stand-in (server/tests/vies_server.py, Python's standard library only). */
const startVies = () => startPartner('the VIES stand-in', 'vies_server.py');

async function registerWebhook(stripeBase, baseUrl) {
  const res = await fetch(`${stripeBase}/_config/webhooks/forme_additive`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url: `${baseUrl}/api/payment/stripe/webhook`, secret: stripeKeys.webhook }),
  });
  if (!res.ok) throw new Error(`localstripe webhook registration: ${res.status}`);
}

function createAdmin(dataDir) {
  const result = spawnSync(serverBin, ['create-admin', '--email', admin.email, '--password-stdin'], {
    env: serverEnv(dataDir),
    input: `${admin.password}\n`,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) {
    console.log(`# create-admin failed (${result.status}): ${(result.stderr || result.stdout || '').trim()}`);
    return false;
  }
  // create-admin enrols the admin's second factor and prints its URI once: the specs sign in
  // with codes of its secret (support/totp.mjs, freshCode).
  admin.totpSecret = otpauthSecret(result.stdout);
  if (!admin.totpSecret) {
    console.log(`# create-admin printed no otpauth URI: ${result.stdout}`);
    return false;
  }
  return true;
}

function startServer(dataDir, stripeBase, viesBase) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(serverBin, ['serve', '--addr', '127.0.0.1:0'], { env: serverEnv(dataDir, stripeBase, viesBase), stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server did not print its address in 60 s:\n${seen}`)), 60_000);
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = seen.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, baseUrl: match[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      seen += chunk.toString();
      if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${seen}`));
    });
  });
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(child.pid, 'SIGTERM');
  const timeout = new Promise((r) => setTimeout(r, 5000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') process.kill(child.pid, 'SIGKILL');
}

async function loadSpecs() {
  const files = readdirSync(here).filter((f) => f.endsWith('.spec.mjs')).sort();
  const specs = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(join(here, file)).href);
    for (const spec of mod.default ?? mod.specs ?? []) specs.push({ file, ...spec });
  }
  return specs;
}

function withTimeout(promise, ms, label) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main() {
  if (!existsSync(serverBin)) throw new Error(`server binary not found: ${serverBin} (build it or set SERVER_BIN)`);
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`${webDist}/index.html missing: run npx vite build`);
  mkdirSync(artifacts, { recursive: true });
  // Failure screenshots of an earlier run would mislead: keep only this run's.
  for (const file of readdirSync(artifacts)) if (file.startsWith('failed-')) rmSync(join(artifacts, file));
  const dataDir = mkdtempSync(join(tmpdir(), 'fa-e2e-data-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'fa-e2e-chromium-'));
  const adminReady = createAdmin(dataDir);
  let stripe = null;
  try {
    stripe = await startLocalStripe();
  } catch (error) {
    if (process.env.CI === 'true') throw error;
    console.log(`# localstripe absent (python3 -m pip install localstripe): no card payment in this run\n#   ${String(error.message).split('\n')[0]}`);
  }
  const vies = await startVies();
  const { child, baseUrl } = await startServer(dataDir, stripe?.base, vies.base);
  console.log(`# server ${baseUrl} (pid ${child.pid}), data ${dataDir}${stripe ? `, localstripe ${stripe.base} (pid ${stripe.child.pid})` : ''}, VIES ${vies.base} (pid ${vies.child.pid})`);
  if (stripe) await registerWebhook(stripe.base, baseUrl);
  let browser;
  let passed = 0;
  let failed = 0;
  try {
    browser = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1366, height: 900 },
      locale: 'fr-FR',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const specs = (await loadSpecs()).filter((s) => !only || only.test(`${s.file} ${s.name}`));
    for (const spec of specs) {
      const ctx = makeContext({ browser, baseUrl, dataDir, artifacts, admin: adminReady ? admin : null, spec, stripe: stripe && { base: stripe.base, secret: stripeKeys.secret }, vies: { base: vies.base } });
      const label = `${spec.file.replace('.spec.mjs', '')}: ${spec.name}`;
      const started = Date.now();
      try {
        await browser.clearCookies();
        // Each spec is a new visitor: in life they come from different addresses, here all from
        // 127.0.0.1, so the per-address limits (sign-ups, e-mails, uploads) start afresh.
        ctx.sql('DELETE FROM rate_limit_events');
        // A spec that walks many pages (the accessibility audits) may ask for more time.
        await withTimeout(spec.run(ctx), spec.timeoutMs ?? TEST_TIMEOUT_MS, label);
        passed += 1;
        console.log(`ok   ${label} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`FAIL ${label} (${Date.now() - started} ms)\n     ${String(error?.stack ?? error).split('\n').slice(0, 6).join('\n     ')}`);
        await ctx.screenshotOnFailure().catch(() => undefined);
      } finally {
        await ctx.closePages();
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await stopServer(child);
    if (stripe) await stopServer(stripe.child);
    await stopServer(vies.child);
    rmSync(profileDir, { recursive: true, force: true });
    if (failed === 0) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`# data folder kept for inspection: ${dataDir}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
  // A test given up on at its time limit may leave work behind (a page's polling loop, a
  // DevTools session): the run ends here all the same, once the output is written (seen in CI:
  // the results printed, then the process alive until killed).
  process.stdout.write('', () => process.exit());
}

main().catch((error) => {
  console.log(`FAIL e2e harness\n     ${error?.stack ?? error}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
  process.stdout.write('', () => process.exit());
});
