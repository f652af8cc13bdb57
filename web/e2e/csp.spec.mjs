// Every route of the site, as a visitor, a customer and an admin, under the server's strict
// Content-Security-Policy: any violation (securitypolicyviolation event or the console's
// "Refused to…"), console error or uncaught page error fails. The routes are read from
// src/app/routes.ts, so that a new page is visited without editing this file.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAvatar, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';
import { dropFile, fixture } from './support/quote.mjs';

const here = dirname(fileURLToPath(import.meta.url));


/** The paths of one `export const NAME: Record<string, Loader> = { … }` block of routes.ts. */
function routesOf(name) {
  const source = readFileSync(resolve(here, '../src/app/routes.ts'), 'utf8');
  const start = source.indexOf(`export const ${name}`);
  if (start < 0) throw new Error(`${name} not found in routes.ts`);
  const body = source.slice(source.indexOf('{', start) + 1, source.indexOf('\n};', start));
  const keys = [...body.matchAll(/^\s*(?:'([^']+)'|([A-Za-z_][\w]*))\s*:/gm)].map((m) => m[1] ?? m[2]);
  if (keys.length === 0) throw new Error(`no route in ${name}`);
  return keys.map((k) => (k === '/' ? '/' : `/${k}`));
}

/**
 * The public paths without a parameter: a page with one (`/devis/partage/:token`, a quote's share
 * link) needs a real token, which only its spec (quote-share) can make; a made-up one answers 404.
 */
const publicPaths = () => routesOf('publicRoutes').filter((p) => !p.includes('/:'));

/** Starts recording violations and errors of `page` (and of its workers) into a list. */
async function watch(page) {
  const problems = [];
  await page.exposeBinding('__reportCspViolation', (_source, text) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCspViolation?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`console ${message.type()} on ${page.url()}: ${message.text()}`);
    }
  });
  // Chromium's "Failed to load resource" does not name the resource: record the failed requests.
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      problems.push(`${response.status()} for ${response.request().method()} ${new URL(response.url()).pathname} (${response.request().postData()?.slice(0, 120) ?? ''})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on('worker', (worker) => worker.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`worker console ${message.type()}: ${message.text()}`);
    }
  }));
  return problems;
}

/** Opens `path`, lets the page settle, and throws on what was recorded meanwhile. */
async function visit(ctx, page, problems, path, settle) {
  const response = await ctx.goto(page, path);
  if (!response || response.status() >= 500) throw new Error(`${path} answered ${response?.status()}`);
  await page.locator('#root > *').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  if (settle) await settle();
  await page.waitForTimeout(300);
  expectClean(problems, path);
}

function expectClean(problems, where) {
  if (problems.length > 0) {
    const list = problems.splice(0);
    throw new Error(`${list.length} problem(s) at ${where}:\n${list.slice(0, 10).join('\n')}`);
  }
}

const PUBLIC_EXTRA = ['/impression_3D?index=3', '/post_traitement?index=2', '/innovation?index=0', '/rejoindre?index=1', '/mdp_mail?token=abc', '/page-qui-n-existe-pas'];

export default [
  {
    name: 'a visitor meets no CSP violation nor console error on any public page',
    async run(ctx) {
      const page = await ctx.newPage();
      const problems = await watch(page);
      const paths = [
        ...publicPaths(),
        ...routesOf('visitorRoutes'),
        ...routesOf('authRoutes').filter((p) => p !== '/compte/logout'),
        ...PUBLIC_EXTRA,
      ];
      for (const path of paths) await visit(ctx, page, problems, path);
      // PrimeReact's injected CSS applies (its <style> elements carry the nonce).
      await visit(ctx, page, problems, '/');
      const listStyle = await page.evaluate(() => getComputedStyle(document.querySelector('.p-menubar-root-list')).listStyleType);
      if (listStyle !== 'none') throw new Error(`menubar unstyled (list-style ${listStyle}): injected CSS blocked`);
      const unsigned = await page.evaluate(() => [...document.querySelectorAll('style')].filter((s) => !s.nonce).length);
      if (unsigned > 0) throw new Error(`${unsigned} <style> element(s) without the nonce`);
      // The quote engine (WebAssembly in a worker) and the 3D preview.
      await dropFile(ctx, page, fixture('cube.stl'));
      await page.waitForTimeout(1_000);
      expectClean(problems, '/devis_ligne with a file');
    },
  },
  {
    name: 'a customer meets no CSP violation nor console error, from sign-up to every account page',
    async run(ctx) {
      const page = await ctx.newPage();
      const problems = await watch(page);
      // Sign-up solves the ALTCHA captcha in its worker.
      await signUpViaUi(ctx, page, { email: freshEmail('csp') });
      expectClean(problems, 'the sign-up');
      for (const path of [...routesOf('accountRoutes'), ...publicPaths(), '/email_oubli']) await visit(ctx, page, problems, path);
      await visit(ctx, page, problems, '/compte/logout', () => page.waitForURL((u) => u.pathname === '/'));
    },
  },
  {
    name: 'an admin meets no CSP violation nor console error on any admin page',
    async run(ctx) {
      if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
      const page = await ctx.newPage();
      const problems = await watch(page);
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await expectAvatar(page);
      expectClean(problems, 'the admin sign-in');
      // A page with an id (`/compte/admin/commande/:id`) is visited with a real one when the
      // database has it (the specs that run before this one place orders).
      const firstOrder = ctx.sql('SELECT id FROM orders ORDER BY id LIMIT 1');
      for (const route of routesOf('adminRoutes')) {
        if (!route.includes('/:')) await visit(ctx, page, problems, route);
        else if (firstOrder) await visit(ctx, page, problems, route.replace(':id', firstOrder));
        else console.log(`     (no order in the database: ${route} not visited)`);
      }
    },
  },
];
