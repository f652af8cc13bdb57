// Processes of the cluster and fault tests: server instances on one database, Debian's nginx in
// front of them (round robin, temporary prefix, not a daemon), PostgreSQL through psql, and a
// small HTTP client with a cookie jar that calls the site as the web app does.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freshCode, otpauthSecret } from './totp.mjs';

/** A free TCP port of 127.0.0.1 (taken then released: the caller binds it right after). */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The PostgreSQL server URL (database `postgres`) of the tests. */
export const pgAdminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** `url` with its database replaced by `name`. */
export function databaseUrl(name, admin = pgAdminUrl) {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs SQL with psql (unaligned, tuples only); returns the output. */
export function psql(url, sql) {
  const result = spawnSync('psql', ['-X', '-v', 'ON_ERROR_STOP=1', '-Atq', '-d', url, '-c', sql], { encoding: 'utf8' });
  if (result.error) throw new Error(`psql unavailable: ${result.error.message} (apt-get install postgresql-client)`);
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return result.stdout.trim();
}

/** Runs SQL on a SQLite file with the sqlite3 tool; returns the output. */
export function sqlite(file, sql) {
  const result = spawnSync('sqlite3', ['-cmd', '.timeout 5000', file, sql], { encoding: 'utf8' });
  if (result.error) throw new Error(`sqlite3 unavailable: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`sqlite3: ${result.stderr}`);
  return result.stdout.trim();
}

/** Creates a fresh PostgreSQL database named `prefix_<time>`; returns its name and URL. */
export function createDatabase(prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  psql(pgAdminUrl, `CREATE DATABASE ${name}`);
  return { name, url: databaseUrl(name) };
}

export function dropDatabase(name) {
  try {
    psql(pgAdminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    console.log(`# could not drop ${name}: ${error.message}`);
  }
}

/** Whether PostgreSQL answers on the tests' URL. */
export function postgresAnswers() {
  const result = spawnSync('psql', ['-X', '-Atq', '-d', pgAdminUrl, '-c', 'SELECT 1'], { encoding: 'utf8' });
  return result.status === 0;
}

/**
 * `server create-admin`: an account with the admin role and its second factor (the fault test's
 * customers are admins too); returns the account `{email, password, totpSecret}` to sign in with.
 */
export function createAdmin(serverBin, env, email, password) {
  const result = spawnSync(serverBin, ['create-admin', '--email', email, '--password-stdin'], { env, input: `${password}\n`, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`create-admin ${email} failed (${result.status}): ${(result.stderr || result.stdout || '').trim()}`);
  const totpSecret = otpauthSecret(result.stdout);
  if (!totpSecret) throw new Error(`create-admin ${email} printed no otpauth URI: ${result.stdout}`);
  return { email, password, totpSecret, lastStep: undefined };
}

/**
 * Starts `server serve` on `port` of 127.0.0.1 with `env`; resolves once it prints its address.
 * `log` collects its standard error (the cluster test reads the job lines there).
 */
export function startInstance(serverBin, env, port, name = 'server') {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(serverBin, ['serve', '--addr', `127.0.0.1:${port}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const instance = { name, child, port, baseUrl: `http://127.0.0.1:${port}`, log: '' };
    const timer = setTimeout(() => reject(new Error(`${name} did not print its address in 120 s:\n${instance.log}`)), 120_000);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(out)) {
        clearTimeout(timer);
        resolvePromise(instance);
      }
    });
    child.stderr.on('data', (chunk) => {
      instance.log += chunk.toString();
      if (process.env.E2E_SERVER_LOG) process.stderr.write(`[${name}] ${chunk}`);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      instance.exited = { code, signal };
      reject(new Error(`${name} exited with ${code ?? signal} before listening:\n${instance.log}`));
    });
  });
}

/** Stops a child: SIGTERM, then SIGKILL after 5 s. */
export async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(child.pid, 'SIGTERM');
  const timeout = new Promise((r) => setTimeout(r, 5000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    process.kill(child.pid, 'SIGKILL');
    await exited;
  }
}

/** kill -9, waiting for the process to be gone. */
export async function killHard(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(child.pid, 'SIGKILL');
  await exited;
}

/**
 * Debian's nginx in front of `upstreamPorts`, round robin, on 127.0.0.1:`port`, with its own
 * prefix folder (configuration, pid, logs, temporary files) and `daemon off`. It reaches the
 * instances from 127.0.0.2 (`proxy_bind`), the one address of TRUSTED_PROXIES: the instances see
 * the proxy, and take the client from the rightmost X-Forwarded-For hop that is not the proxy.
 */
export async function startNginx(prefix, port, upstreamPorts) {
  const bin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const tmp = join(prefix, 'tmp');
  const conf = `# Written by web/e2e/support/cluster.mjs for one test run.
worker_processes 1;
daemon off;
master_process on;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
${process.getuid?.() === 0 ? 'user root root;' : ''}
events { worker_connections 512; }
http {
  access_log ${prefix}/logs/access.log;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  client_max_body_size 100m;
  upstream shop {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_bind 127.0.0.2;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 120s;
    }
  }
}
`;
  const confFile = join(prefix, 'nginx.conf');
  writeFileSync(confFile, conf);
  const check = spawnSync(bin, ['-t', '-p', prefix, '-c', confFile, '-e', join(prefix, 'logs/error.log')], { encoding: 'utf8' });
  if (check.error) throw new Error(`nginx unavailable: ${check.error.message} (apt-get install nginx)`);
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(bin, ['-p', prefix, '-c', confFile, '-e', join(prefix, 'logs/error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => {
    err += c.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${err}`);
    try {
      await fetch(`${baseUrl}/`);
      return { child, baseUrl, prefix, errorLog: () => readFileSync(join(prefix, 'logs/error.log'), 'utf8') };
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`nginx did not answer on ${baseUrl}: ${err}`);
}

/**
 * A visitor of the site outside the browser: a cookie jar, the CSRF token, controller calls
 * through /api/proxy as the web app makes them. `instances` collects the X-Instance header of
 * every answer.
 */
export function httpClient(baseUrl) {
  const jar = new Map();
  const client = {
    baseUrl,
    instances: [],
    csrf: null,
    async send(path, init = {}) {
      const headers = { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (client.csrf && init.method && init.method !== 'GET') headers['x-csrf-token'] = client.csrf;
      const response = await fetch(new URL(path, baseUrl), { ...init, headers, redirect: 'manual' });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const instance = response.headers.get('x-instance');
      if (instance) client.instances.push(instance);
      return response;
    },
    async refreshCsrf() {
      client.csrf = (await (await client.send('/api/auth/csrf')).json()).csrfToken;
      return client.csrf;
    },
    /** Signs in; `account` (`{totpSecret}`, from createAdmin) gives the second factor when asked. */
    async signIn(email, password, account = null) {
      const form = new URLSearchParams({ email, password, csrfToken: await client.refreshCsrf(), json: 'true', callbackUrl: '/' });
      const r = await client.send('/api/auth/callback/credentials', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
      if (r.status !== 200) throw new Error(`sign-in of ${email} answered ${r.status}: ${await r.text()}`);
      await client.refreshCsrf();
      if ((await r.json()).two_factor_required) {
        if (!account?.totpSecret) throw new Error(`${email} has its second factor on and no secret is known`);
        const verified = await client.proxy('AuthentificationDoubleFacteur/verify', 'POST', { token: await freshCode(account) });
        if (verified.status !== 200) throw new Error(`second factor of ${email} answered ${verified.status}: ${JSON.stringify(verified.body)}`);
      }
    },
    /** A controller call through /api/proxy; resolves with {status, body}. */
    async proxy(path, httpMethod = 'GET', body = null, headers = {}) {
      const r = await client.send('/api/proxy', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ path, httpMethod, body }),
      });
      const text = await r.text();
      let parsed = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (an nginx error page): kept as text.
      }
      return { status: r.status, body: parsed };
    },
    /** Uploads `buffer` as the quote's entry `index` and has the server analyse it. */
    async dropFile(name, buffer, index = 0) {
      const form = new FormData();
      form.set('type', 'models');
      form.set('index', String(index));
      form.set('file', new Blob([buffer], { type: 'model/stl' }), name);
      const up = await client.send('/api/upload/file-temp', { method: 'POST', body: form });
      if (up.status !== 200) throw new Error(`file-temp answered ${up.status}: ${await up.text()}`);
      const processForm = new FormData();
      processForm.set('index', String(index));
      const processed = await client.send('/api/devis/process-file', { method: 'POST', body: processForm });
      if (processed.status !== 200) throw new Error(`process-file answered ${processed.status}: ${await processed.text()}`);
      return processed.json();
    },
    async postJson(path, body) {
      return client.send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    },
  };
  return client;
}
