// Fault test: customers place orders in a loop, each with its own idempotency key, and an admin
// records each transfer (which issues the invoice), while server processes are killed with
// SIGKILL and restarted. A request that fails (connection refused, 502 from nginx, reset) is sent
// again with the same key until it answers. Afterwards: every key made exactly one order, no order
// is lost or duplicated, order and invoice numbers have no gap, every order is paid. E-mails go
// through the database outbox (mail_outbox): every order's "order received" e-mail, queued in the
// order's transaction, is written exactly once to the shared file outbox, and a message the
// killed process held claimed at its death is sent by a surviving process once the claim expires.
//
//   node web/e2e/fault.mjs postgres   two instances on a fresh PostgreSQL database behind nginx;
//                                     instance a, then instance b, are killed and restarted
//   node web/e2e/fault.mjs sqlite     the single server on SQLite, killed and restarted twice
//
// Ends with "fault (<db>): N passed, N failed". Needs psql or sqlite3, and nginx for postgres.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createAdmin, createDatabase, dropDatabase, freePort, httpClient, killHard, psql, sleep, sqlite, startInstance, startNginx, stop,
} from './support/cluster.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const serverBin = resolve(repoRoot, process.env.SERVER_BIN ?? 'target/debug/server');
const webDist = resolve(repoRoot, 'web/dist');
const cube = readFileSync(resolve(repoRoot, 'fixtures/cube.stl'));
const mode = process.argv[2] ?? 'postgres';
const WORKERS = Number(process.env.FAULT_WORKERS ?? 3);
const ORDERS_PER_WORKER = Number(process.env.FAULT_ORDERS ?? 12);
const PASSWORD = 'Fault-test-2026-secret';
const admin = { email: 'admin@fault.test', password: PASSWORD };
/** The customers' accounts of the running mode (`{email, password, totpSecret}`). */
const accounts = [];

function env({ dataDir, dbUrl, instanceId }) {
  const e = { ...process.env, DATA_DIR: dataDir, WEB_DIST: webDist, RUST_LOG: process.env.RUST_LOG ?? 'warn', TRUST_PROXY: 'true', TRUSTED_PROXIES: '127.0.0.2' };
  if (dbUrl) e.DATABASE_URL = dbUrl;
  else delete e.DATABASE_URL;
  if (instanceId) e.INSTANCE_ID = instanceId;
  else delete e.INSTANCE_ID;
  delete e.SMTP_URL;
  for (const key of Object.keys(e)) if (key.startsWith('STRIPE_')) delete e[key];
  return e;
}

/** Calls `attempt` until it returns a value; a thrown network error or an answer `retry` says is
 * transient (5xx: the instance died, nginx's 502) is tried again after a short pause. */
async function persist(label, attempt, stats) {
  for (let tries = 1; tries <= 600; tries += 1) {
    try {
      const outcome = await attempt();
      if (outcome.retry) {
        stats.retries += 1;
        await sleep(100);
        continue;
      }
      return outcome.value;
    } catch (error) {
      const text = `${error?.cause ?? ''} ${error}`;
      if (!/fetch failed|ECONNREFUSED|ECONNRESET|socket|terminated|other side closed|answered 5\d\d/i.test(text)) throw error;
      stats.retries += 1;
      await sleep(100);
    }
  }
  throw new Error(`${label}: no answer after 600 tries`);
}

const transient = (status) => status >= 500 || status === 429;

/** The name under which a server process claims e-mails: its INSTANCE_ID, else the host name
 * and the process id (server/src/config.rs, instance_name). */
function holderName(victim) {
  if (victim.env.INSTANCE_ID) return victim.env.INSTANCE_ID;
  let host = '';
  try { host = readFileSync('/etc/hostname', 'utf8').trim(); } catch { /* as the server: HOSTNAME */ }
  return `${host || process.env.HOSTNAME || 'server'}-${victim.child.pid}`;
}

/** SQL that queues message `k` in the outbox as if `holder` had claimed it (and was about to
 * send it) until `until` (Unix seconds): what a process killed in the middle of a send leaves. */
function claimedMessage(mode, k, holder, now, until) {
  const to = `reprise-${k}@fault.test`;
  const eml = [
    'From: "Forme Additive" <ne-pas-repondre@fault.test>', `To: ${to}`, `Subject: Reprise ${k}`,
    `Message-ID: <reprise-${k}-${now}@fault.test>`, 'Date: Mon, 23 Nov 2026 09:00:00 +0000', 'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8', '', `Message pris par ${holder} avant sa mort.`, '',
  ].join('\r\n');
  const bytes = mode === 'postgres' ? `convert_to('${eml}', 'UTF8')` : `CAST('${eml}' AS BLOB)`;
  return 'INSERT INTO mail_outbox (recipient, purpose, subject, message, created_at, attempts, next_attempt_at, claimed_by, claimed_until) '
    + `VALUES ('${to}', 'fault_check', 'Reprise ${k}', ${bytes}, ${now}, 1, ${now}, '${holder}', ${until})`;
}

/** The .eml files of the shared file outbox whose name holds `fragment`. */
function outboxFiles(dataDir, fragment) {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(fragment));
}

async function customer(base, account, stats) {
  const { email } = account;
  const c = httpClient(base);
  await persist(`sign-in ${email}`, async () => ({ value: await c.signIn(email, PASSWORD, account) }), stats);
  await persist('upload', async () => ({ value: await c.dropFile('cube.stl', cube) }), stats);
  await persist('panier', async () => {
    const r = await c.postJson('/api/devis/panier', { dataFiles: [0] });
    if (transient(r.status)) return { retry: true };
    if (r.status !== 200) throw new Error(`panier: ${r.status} ${await r.text()}`);
    return { value: null };
  }, stats);
  const lines = await persist('ComptePiece', async () => {
    const r = await c.proxy('ComptePiece');
    return transient(r.status) ? { retry: true } : { value: r.body };
  }, stats);
  const part = lines?.[0]?.Id_Piece;
  if (!part) throw new Error(`no part in the basket of ${email}: ${JSON.stringify(lines)}`);
  const address = await persist('Adresses', async () => {
    const r = await c.proxy('Adresses', 'POST', { idPays: 'FR', ville: 'Lyon', codePostal: '69002', rue: '8 quai Saint-Antoine', complement: '', nom: 'Moreau', prenom: 'Inès', tel: '06 12 34 56 78' });
    if (transient(r.status)) return { retry: true };
    if (r.status !== 201) throw new Error(`Adresses: ${r.status} ${JSON.stringify(r.body)}`);
    return { value: r.body.idAdresse };
  }, stats);
  return { c, part, address };
}

async function worker(w, base, adminClient, placed, stats) {
  const { c, part, address } = await customer(base, accounts[w], stats);
  for (let i = 0; i < ORDERS_PER_WORKER; i += 1) {
    const key = `fault-${w}-${i}`;
    await persist('ComptePiece POST', async () => {
      const r = await c.proxy('ComptePiece', 'POST', { Id_Piece: part, Quantite: 1 + (i % 3) });
      if (transient(r.status)) return { retry: true };
      if (r.status !== 200) throw new Error(`ComptePiece: ${r.status} ${JSON.stringify(r.body)}`);
      return { value: null };
    }, stats);
    const order = await persist(`order ${key}`, async () => {
      const r = await c.proxy('Commande', 'POST', { idAdresseLivraison: address, idAdresseFacturation: address, modePaiement: 'virement', cgvAcceptees: true }, { 'idempotency-key': key });
      if (transient(r.status)) return { retry: true };
      if (r.status !== 200 && r.status !== 201) throw new Error(`POST Commande ${key}: ${r.status} ${JSON.stringify(r.body)}`);
      return { value: r.body };
    }, stats);
    placed.push({ key, numero: order.numero, id: order.id_commande });
    await persist(`payée ${order.numero}`, async () => {
      const r = await adminClient.proxy(`Commande/${order.id_commande}/statut`, 'PUT', { statut: 'payée', note: 'Virement reçu' });
      if (transient(r.status)) return { retry: true };
      if (r.status >= 200 && r.status < 300) return { value: null };
      // A retry of a change that was made before the instance died: the order is already paid.
      const now = await adminClient.proxy(`Commande/${order.id_commande}`);
      if (transient(now.status)) return { retry: true };
      if (now.body?.statut === 'payée') return { value: null };
      throw new Error(`PUT statut ${order.numero}: ${r.status} ${JSON.stringify(r.body)}`);
    }, stats);
  }
}

let aborted = false;
async function waitFor(condition) {
  while (!condition()) {
    if (aborted) throw new Error('run aborted');
    await sleep(50);
  }
}

async function main() {
  if (!existsSync(serverBin)) throw new Error(`server binary not found: ${serverBin}`);
  const dataDir = mkdtempSync(join(tmpdir(), `fa-fault-${mode}-`));
  const nginxPrefix = mkdtempSync(join(tmpdir(), 'fa-fault-nginx-'));
  const db = mode === 'postgres' ? createDatabase('fa_fault') : null;
  const sql = db ? (s) => psql(db.url, s) : (s) => sqlite(join(dataDir, 'forme-additive.db'), s);
  const instances = [];
  let lb = null;
  const results = [];
  const stats = { retries: 0, kills: 0 };
  try {
    const dbUrl = db?.url;
    if (mode === 'postgres') {
      const ports = [await freePort(), await freePort()];
      for (const [n, port] of ports.entries()) instances.push({ name: 'ab'[n], port, env: env({ dataDir, dbUrl, instanceId: 'ab'[n] }) });
    } else {
      instances.push({ name: 'single', port: await freePort(), env: env({ dataDir }) });
    }
    // create-admin enrols each one's second factor: the accounts carry their secrets to sign in.
    Object.assign(admin, createAdmin(serverBin, env({ dataDir, dbUrl }), admin.email, admin.password));
    accounts.length = 0;
    for (let w = 0; w < WORKERS; w += 1) accounts.push(createAdmin(serverBin, env({ dataDir, dbUrl }), `client${w}@fault.test`, PASSWORD));
    for (const i of instances) Object.assign(i, await startInstance(serverBin, i.env, i.port, i.name));
    let base = instances[0].baseUrl;
    if (mode === 'postgres') {
      lb = await startNginx(nginxPrefix, await freePort(), instances.map((i) => i.port));
      base = lb.baseUrl;
    }
    console.log(`# ${mode}: ${WORKERS} customers × ${ORDERS_PER_WORKER} orders through ${base}`);
    const adminClient = httpClient(base);
    await persist('admin sign-in', async () => ({ value: await adminClient.signIn(admin.email, admin.password, admin) }), stats);

    const placed = [];
    const claimedByVictims = [];
    const total = WORKERS * ORDERS_PER_WORKER;
    // The killer: at a third of the orders, kill -9 the first process and start it again a few
    // orders later; at two thirds, the same with the last one (the same one on SQLite).
    const killer = (async () => {
      for (const [at, victim] of [[Math.floor(total / 3), instances[0]], [Math.floor((2 * total) / 3), instances.at(-1)]]) {
        await waitFor(() => placed.length >= at);
        // A message the victim holds claimed (for 3 s) when it dies: another process must send it.
        const now = Math.floor(Date.now() / 1000);
        const holder = holderName(victim);
        claimedByVictims.push(holder);
        sql(claimedMessage(mode, claimedByVictims.length, holder, now, now + 3));
        await killHard(victim.child);
        stats.kills += 1;
        console.log(`# kill -9 ${victim.name} (pid ${victim.child.pid}) after ${placed.length} orders`);
        const seen = placed.length;
        await Promise.race([waitFor(() => placed.length >= seen + 3), sleep(1500)]);
        Object.assign(victim, await startInstance(serverBin, victim.env, victim.port, victim.name));
        console.log(`# ${victim.name} restarted (pid ${victim.child.pid}) after ${placed.length} orders`);
      }
    })();
    const started = Date.now();
    await Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w, base, adminClient, placed, stats)), killer]);
    console.log(`# ${placed.length} orders in ${((Date.now() - started) / 1000).toFixed(1)} s, ${stats.kills} kills, ${stats.retries} requests sent again`);

    const check = (name, fn) => {
      try {
        fn();
        results.push(true);
        console.log(`ok   fault (${mode}): ${name}`);
      } catch (error) {
        results.push(false);
        console.log(`FAIL fault (${mode}): ${name}\n     ${error.message}`);
      }
    };
    const rows = sql("SELECT idempotency_key || '|' || numero || '|' || status FROM orders WHERE idempotency_key LIKE 'fault-%' ORDER BY id").split('\n').filter(Boolean).map((l) => l.split('|'));
    check(`every key made exactly one order (${total} keys), none lost, none duplicated`, () => {
      if (rows.length !== total) throw new Error(`${rows.length} orders for ${total} keys`);
      const byKey = new Map(rows.map(([key, numero]) => [key, numero]));
      if (byKey.size !== total) throw new Error(`${byKey.size} distinct keys among ${rows.length} orders`);
      for (const p of placed) if (byKey.get(p.key) !== p.numero) throw new Error(`key ${p.key}: client got ${p.numero}, database has ${byKey.get(p.key)}`);
    });
    const gapless = (numbers, prefix) => {
      const seqs = numbers.map((n) => Number(n.split('-').at(-1))).sort((x, y) => x - y);
      seqs.forEach((s, i) => {
        if (s !== i + 1) throw new Error(`${prefix} numbers ${seqs.join(',')}: ${i + 1} missing or repeated`);
      });
    };
    check('order numbers have no gap', () => gapless(rows.map((r) => r[1]), 'CO'));
    check(`every order is paid and has one invoice; invoice numbers have no gap (${total})`, () => {
      const unpaid = rows.filter((r) => r[2] !== 'payée');
      if (unpaid.length) throw new Error(`not paid: ${unpaid.map((r) => r[1]).join(', ')}`);
      const invoices = sql('SELECT number FROM invoices ORDER BY id').split('\n').filter(Boolean);
      if (invoices.length !== total) throw new Error(`${invoices.length} invoices for ${total} paid orders`);
      gapless(invoices, 'FA');
    });
    // The outbox: wait until no message is left unsent. The test's own messages are claimed for
    // 3 s, but an order's e-mail the killed process had just claimed stays claimed for the
    // server's CLAIM_SECS (120 s, server/src/mail/queue.rs) before a survivor's sweep (every 10 s)
    // takes it: wait that long plus a sweep and a margin.
    const unsent = () => Number(sql('SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL'));
    const drainStarted = Date.now();
    while (unsent() > 0 && Date.now() - drainStarted < 150_000) await sleep(500);
    console.log(`# outbox drained ${((Date.now() - drainStarted) / 1000).toFixed(1)} s after the run`);
    const mailRows = (purpose) => sql(`SELECT COALESCE(claimed_by, '') || '|' || COALESCE(sent_at, 0) || '|' || attempts FROM mail_outbox WHERE purpose = '${purpose}' ORDER BY id`)
      .split('\n').filter(Boolean).map((l) => l.split('|'));
    check(`every order's "order received" e-mail was queued with it and written exactly once (${total})`, () => {
      const rowsOf = mailRows('order_received');
      if (rowsOf.length !== total) throw new Error(`${rowsOf.length} queued for ${total} orders`);
      const notSent = rowsOf.filter(([, sentAt]) => Number(sentAt) === 0).length;
      if (notSent) throw new Error(`${notSent} never sent`);
      const files = outboxFiles(dataDir, '_order_received_').length;
      if (files !== total) throw new Error(`${files} e-mails in the outbox for ${total} orders`);
      const bySender = {};
      for (const [sender] of rowsOf) bySender[sender] = (bySender[sender] ?? 0) + 1;
      console.log(`#   order received e-mails sent by ${JSON.stringify(bySender)}`);
    });
    check('no "payment received" e-mail was written twice', () => {
      const rowsOf = mailRows('payment_received');
      const files = outboxFiles(dataDir, '_payment_received_').length;
      if (files !== rowsOf.length) throw new Error(`${files} e-mails in the outbox for ${rowsOf.length} queued`);
      if (rowsOf.length > total) throw new Error(`${rowsOf.length} queued for ${total} payments`);
    });
    check(`a message claimed by a killed process is sent once, after its claim expires (${claimedByVictims.join(', ')})`, () => {
      if (claimedByVictims.length !== 2) throw new Error(`${claimedByVictims.length} claimed messages left`);
      for (const [i, victim] of claimedByVictims.entries()) {
        const [row] = sql(`SELECT COALESCE(claimed_by, '') || '|' || COALESCE(sent_at, 0) || '|' || attempts FROM mail_outbox WHERE recipient = 'reprise-${i + 1}@fault.test'`)
          .split('\n').filter(Boolean).map((l) => l.split('|'));
        if (!row || Number(row[1]) === 0) throw new Error(`the message claimed by ${victim} was not sent: ${row}`);
        // The victim's name may send it: the restarted process of that instance is another process.
        if (row[2] !== '2') throw new Error(`claimed ${row[2]} times (2 expected: the dead process, then one other)`);
        const files = outboxFiles(dataDir, `_fault_check_reprise-${i + 1}@fault.test_`).length;
        if (files !== 1) throw new Error(`${files} copies of the message claimed by ${victim}`);
        console.log(`#   the message claimed by ${victim} was sent by ${row[0]}`);
      }
    });
    check('the processes were really killed and restarted during the run', () => {
      if (stats.kills !== 2) throw new Error(`${stats.kills} kills`);
      for (const i of instances) if (i.child.exitCode !== null) throw new Error(`${i.name} is not running at the end`);
    });
  } finally {
    aborted = true;
    for (const i of instances) await stop(i.child).catch(() => undefined);
    if (lb) await stop(lb.child).catch(() => undefined);
    rmSync(nginxPrefix, { recursive: true, force: true });
    const ok = results.length > 0 && results.every(Boolean);
    if (ok) {
      rmSync(dataDir, { recursive: true, force: true });
      if (db) dropDatabase(db.name);
    } else console.log(`# kept for inspection: data ${dataDir}${db ? `, database ${db.name}` : ''}`);
  }
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`fault (${mode}): ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

main().catch((error) => {
  console.log(`FAIL fault (${mode}) harness\n     ${error?.stack ?? error}`);
  console.log(`fault (${mode}): 0 passed, 1 failed`);
  process.exitCode = 1;
});
