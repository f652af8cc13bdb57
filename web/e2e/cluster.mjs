// Two server instances on one fresh PostgreSQL database and one data folder, behind Debian's
// nginx in round robin (TRUST_PROXY, the proxy's address as the only trusted one), and the
// browser journey through it: quote (a fixture uploaded), sign-up (code from the outbox), basket,
// order, the admin recording the transfer (the invoice), the invoice PDF. The X-Instance header of
// every answer the browser gets is counted: both instances serve the journey, and consecutive
// answers come from different instances. Then:
// - the purge, a job that must run once for the site, ran on exactly one instance (its lease);
// - backup and restore: pg_dump of the database and a copy of the data folder (the bucket),
//   restored into a fresh database, a third server on it serves the same orders and invoice PDF.
// Ends with "cluster: N passed, N failed". Needs nginx, psql/pg_dump/pg_restore, Chromium.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { makeContext } from './support/context.mjs';
import {
  createAdmin, createDatabase, databaseUrl, dropDatabase, freePort, httpClient, psql, startInstance, startNginx, stop,
} from './support/cluster.mjs';
import commerceSpecs from './commerce.spec.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const serverBin = resolve(repoRoot, process.env.SERVER_BIN ?? 'target/debug/server');
const webDist = resolve(repoRoot, 'web/dist');
const artifacts = join(here, 'artifacts');
const admin = { email: 'admin@forme-additive.test', password: 'Admin-cluster-2026-secret' };

/**
 * The bucket of the S3 test server (scripts/s3-test-server.sh, started by scripts/test.sh) when
 * one runs: the instances keep their files under one prefix of it, as in production; without it
 * they share DATA_DIR.
 */
const bucket = process.env.S3_TEST_ENDPOINT && process.env.S3_TEST_ROOT
  ? { name: process.env.S3_TEST_BUCKET, prefix: `cluster-${process.pid}-${Date.now()}` }
  : null;

/** The folder s3s-fs keeps a prefix of the bucket in (one file per object). */
const bucketFolder = (prefix) => join(process.env.S3_TEST_ROOT, 'data', bucket.name, prefix);

/** The environment of one instance; `prefix` names its part of the bucket when there is one. */
function instanceEnv({ dataDir, dbUrl, instanceId, publicUrl, prefix = bucket?.prefix }) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    WEB_DIST: webDist,
    RUST_LOG: `${process.env.RUST_LOG ?? 'warn'},server::jobs=info`,
    CAPTCHA_MAX_NUMBER: process.env.CAPTCHA_MAX_NUMBER ?? '10000',
    TRUST_PROXY: 'true',
    TRUSTED_PROXIES: '127.0.0.2',
  };
  if (bucket) {
    Object.assign(env, {
      STORAGE_URL: `s3://${bucket.name}/${prefix}`,
      S3_ENDPOINT: process.env.S3_TEST_ENDPOINT,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: process.env.S3_TEST_ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: process.env.S3_TEST_SECRET_KEY,
    });
  }
  if (instanceId) env.INSTANCE_ID = instanceId;
  else delete env.INSTANCE_ID;
  if (publicUrl) env.PUBLIC_URL = publicUrl;
  delete env.SMTP_URL;
  for (const key of Object.keys(env)) if (key.startsWith('STRIPE_')) delete env[key];
  return env;
}

const checks = [];
function check(name, fn) {
  checks.push({ name, fn });
}

async function main() {
  if (!existsSync(serverBin)) throw new Error(`server binary not found: ${serverBin}`);
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`${webDist}/index.html missing: run npx vite build`);
  const dataDir = mkdtempSync(join(tmpdir(), 'fa-cluster-data-'));
  const nginxPrefix = mkdtempSync(join(tmpdir(), 'fa-cluster-nginx-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'fa-cluster-chromium-'));
  const db = createDatabase('fa_cluster');
  const restored = { name: `${db.name}_restored`, url: databaseUrl(`${db.name}_restored`) };
  const children = [];
  let browser;
  let passed = 0;
  let failed = 0;
  try {
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${portLb}`;
    // Both instances start together on the empty database: migrations and seeds must not clash.
    const [a, b] = await Promise.all([
      startInstance(serverBin, instanceEnv({ dataDir, dbUrl: db.url, instanceId: 'a', publicUrl }), portA, 'a'),
      startInstance(serverBin, instanceEnv({ dataDir, dbUrl: db.url, instanceId: 'b', publicUrl }), portB, 'b'),
    ]);
    children.push(a.child, b.child);
    // Its second factor's secret (create-admin enrols it) joins the account the journey signs in with.
    Object.assign(admin, createAdmin(serverBin, instanceEnv({ dataDir, dbUrl: db.url }), admin.email, admin.password));
    const lb = await startNginx(nginxPrefix, portLb, [portA, portB]);
    children.push(lb.child);
    console.log(`# nginx ${lb.baseUrl} (pid ${lb.child.pid}) -> a ${a.baseUrl} (pid ${a.child.pid}), b ${b.baseUrl} (pid ${b.child.pid}); database ${db.name}; data ${dataDir}${bucket ? `; files in s3://${bucket.name}/${bucket.prefix} (${process.env.S3_TEST_ENDPOINT})` : "; files in the data folder"}`);

    browser = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1366, height: 900 },
      locale: 'fr-FR',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const answeredBy = [];
    browser.on('response', (response) => {
      if (response.url().startsWith(lb.baseUrl)) answeredBy.push(response.headers()['x-instance'] ?? '(none)');
    });

    const journey = commerceSpecs[0];
    check(`through nginx: ${journey.name}`, async () => {
      const ctx = makeContext({ browser, baseUrl: lb.baseUrl, dataDir, artifacts, admin, spec: { file: 'cluster.mjs', name: journey.name } });
      try {
        await journey.run(ctx);
      } catch (error) {
        await ctx.screenshotOnFailure().catch(() => undefined);
        throw error;
      } finally {
        await ctx.closePages();
      }
    });

    check('both instances answered the browser, and consecutive answers came from different instances', async () => {
      const counts = {};
      for (const id of answeredBy) counts[id] = (counts[id] ?? 0) + 1;
      let switches = 0;
      for (let i = 1; i < answeredBy.length; i += 1) if (answeredBy[i] !== answeredBy[i - 1]) switches += 1;
      console.log(`     ${answeredBy.length} answers: ${JSON.stringify(counts)}, ${switches} changes of instance between consecutive answers`);
      if (!(counts.a > 0 && counts.b > 0)) throw new Error(`answers by instance: ${JSON.stringify(counts)}`);
      if (counts['(none)']) throw new Error(`${counts['(none)']} answers without X-Instance`);
      if (switches < answeredBy.length / 4) throw new Error(`only ${switches} changes of instance in ${answeredBy.length} answers: not round robin`);
    });

    check('a client behind the proxy cannot choose its address: the forged leftmost X-Forwarded-For hop is ignored', async () => {
      // The rate-limit bucket of the sign-up e-mail codes is keyed by the client's address
      // (`mail-ip:...`): sent through nginx with a forged first hop, the event must be counted under
      // 127.0.0.1 (the address nginx saw), not the forged one.
      psql(db.url, 'DELETE FROM rate_limit_events');
      const client = httpClient(lb.baseUrl);
      await client.refreshCsrf();
      const forged = '203.0.113.77';
      const r = await client.send('/api/proxy', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify({ path: 'Email/send/account_creation', httpMethod: 'POST', body: { email: `forge.${Date.now()}@exemple.test` } }),
      });
      const buckets = psql(db.url, "SELECT DISTINCT bucket FROM rate_limit_events").split('\n').filter(Boolean);
      if (buckets.some((bk) => bk.includes(forged))) throw new Error(`a bucket names the forged address: ${buckets.join(', ')} (answer ${r.status})`);
      if (!buckets.includes('mail-ip:127.0.0.1')) throw new Error(`no bucket names the client's address 127.0.0.1: ${buckets.join(', ')} (answer ${r.status})`);
    });

    check('the purge ran once for the site: one instance took its lease, the other skipped it', async () => {
      const lease = psql(db.url, "SELECT holder || '|' || runs FROM job_leases WHERE name = 'purge'");
      const [holder, leases] = lease.split('|');
      if (leases !== '1' || !['a', 'b'].includes(holder)) throw new Error(`purge lease: ${lease || '(none)'}`);
      const runs = (i) => i.log.split('job purge ran').length - 1;
      const other = holder === 'a' ? b : a;
      const mine = holder === 'a' ? a : b;
      if (runs(mine) !== 1 || runs(other) !== 0 || !other.log.includes('job purge skipped')) {
        throw new Error(`purge runs: a ${runs(a)}, b ${runs(b)}; lease held by ${holder}; ${other.name} ${other.log.includes('job purge skipped') ? 'skipped' : 'never checked'}`);
      }
    });

    check('a maintenance switch and a catalog save through instance a are followed by instance b within 2 s (LISTEN/NOTIFY)', async () => {
      const writer = httpClient(a.baseUrl);
      await writer.signIn(admin.email, admin.password, admin);
      const reader = httpClient(b.baseUrl);
      const follows = async (what, test) => {
        const start = Date.now();
        for (;;) {
          if (await test()) return Date.now() - start;
          if (Date.now() - start > 2000) throw new Error(`instance b did not follow within 2 s: ${what}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      const catalogStatus = async () => (await reader.send('/api/backend/Combinaison/full')).status;
      const setMaintenance = async (on) => {
        const r = await writer.send('/api/admin/set-maintenance', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ maintenance: on }) });
        if (r.status !== 200) throw new Error(`set-maintenance ${on} on a answered ${r.status}`);
      };
      try {
        await setMaintenance(true);
        const on = await follows('maintenance on', async () => (await catalogStatus()) === 503);
        await setMaintenance(false);
        const off = await follows('maintenance off', async () => (await catalogStatus()) === 200);
        const current = await writer.proxy('Admin/Catalogue');
        if (current.status !== 200) throw new Error(`GET Admin/Catalogue on a: ${current.status}`);
        const saved = await writer.proxy('Admin/Catalogue', 'POST', { version_base: current.body.version, catalogue: current.body.catalogue });
        if (saved.status !== 201) throw new Error(`POST Admin/Catalogue on a: ${saved.status} ${JSON.stringify(saved.body)}`);
        const tag = `"catalog-${saved.body.version}"`;
        const catalog = await follows(`catalog ${saved.body.version}`, async () => (await reader.send('/api/backend/Combinaison/full')).headers.get('etag') === tag);
        console.log(`     instance b followed: maintenance on after ${on} ms, off after ${off} ms, catalog ${saved.body.version} after ${catalog} ms`);
      } finally {
        await setMaintenance(false).catch(() => undefined);
      }
    });

    check('backup and restore: pg_dump, a fresh database, a copy of the files; a server on them serves the same orders and invoice', async () => {
      const dump = join(nginxPrefix, 'backup.dump');
      const dumped = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', dump, db.url], { encoding: 'utf8' });
      if (dumped.status !== 0) throw new Error(`pg_dump: ${dumped.stderr}`);
      psql(databaseUrl('postgres'), `CREATE DATABASE ${restored.name}`);
      const restore = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restored.url, dump], { encoding: 'utf8' });
      if (restore.status !== 0) throw new Error(`pg_restore: ${restore.stderr}`);
      const restoredData = mkdtempSync(join(tmpdir(), 'fa-cluster-restored-'));
      cpSync(dataDir, restoredData, { recursive: true });
      // The files: the bucket's objects copied under a new prefix (what `rclone copy` of the
      // bucket does), or the data folder's copy above when there is no bucket.
      const restoredPrefix = bucket ? `${bucket.prefix}-restored` : undefined;
      if (bucket) {
        if (existsSync(join(dataDir, 'uploads')) || existsSync(join(dataDir, 'documents'))) {
          throw new Error('with a bucket, files were written to DATA_DIR');
        }
        if (!existsSync(join(bucketFolder(bucket.prefix), 'uploads'))) throw new Error('no upload in the bucket');
        cpSync(bucketFolder(bucket.prefix), bucketFolder(restoredPrefix), { recursive: true });
      }
      const port = await freePort();
      const c = await startInstance(serverBin, instanceEnv({ dataDir: restoredData, dbUrl: restored.url, instanceId: 'restored', prefix: restoredPrefix }), port, 'restored');
      children.push(c.child);
      try {
        const list = async (base) => {
          const client = httpClient(base);
          await client.signIn(admin.email, admin.password, admin);
          const page = await client.proxy('Commande?par_page=100');
          if (page.status !== 200) throw new Error(`GET Commande on ${base}: ${page.status} ${JSON.stringify(page.body)}`);
          return { client, page: page.body };
        };
        const before = await list(lb.baseUrl);
        const after = await list(c.baseUrl);
        const items = before.page.items ?? before.page.commandes ?? before.page;
        if (!Array.isArray(items) || items.length === 0) throw new Error(`no order listed before the backup: ${JSON.stringify(before.page).slice(0, 300)}`);
        if (JSON.stringify(after.page) !== JSON.stringify(before.page)) {
          throw new Error(`the restored site lists other orders:\n before ${JSON.stringify(before.page).slice(0, 400)}\n after  ${JSON.stringify(after.page).slice(0, 400)}`);
        }
        const paid = psql(restored.url, 'SELECT order_id FROM invoices ORDER BY id LIMIT 1');
        const pdf = await after.client.send(`/api/backend/Commande/${paid}/facture.pdf`);
        const bytes = Buffer.from(await pdf.arrayBuffer());
        if (pdf.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`restored invoice PDF: ${pdf.status}`);
        console.log(`     ${items.length} order(s) served identically by the restored database${bucket ? ` and bucket copy (${restoredPrefix})` : ''}`);
      } finally {
        await stop(c.child);
        rmSync(restoredData, { recursive: true, force: true });
      }
    });

    for (const { name, fn } of checks) {
      const started = Date.now();
      try {
        await fn();
        passed += 1;
        console.log(`ok   cluster: ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`FAIL cluster: ${name} (${Date.now() - started} ms)\n     ${String(error?.stack ?? error).split('\n').slice(0, 8).join('\n     ')}`);
      }
    }
    if (failed) {
      for (const i of [a, b]) console.log(`# log of ${i.name}:\n${i.log.split('\n').slice(-30).join('\n')}`);
      console.log(`# nginx errors:\n${lb.errorLog().split('\n').slice(-20).join('\n')}`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    for (const child of children.reverse()) await stop(child).catch(() => undefined);
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(nginxPrefix, { recursive: true, force: true });
    if (failed === 0) {
      rmSync(dataDir, { recursive: true, force: true });
      dropDatabase(db.name);
    } else console.log(`# kept for inspection: data ${dataDir}, database ${db.name}`);
    dropDatabase(restored.name);
  }
  console.log(`cluster: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error) => {
  console.log(`FAIL cluster harness\n     ${error?.stack ?? error}`);
  console.log('cluster: 0 passed, 1 failed');
  process.exitCode = 1;
});
