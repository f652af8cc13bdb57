// New builds and lost chunks: a lazy chunk that fails once reloads the page once and the page
// works; failing again within the 10 s guard shows the French error page instead of a reload
// loop; a changed build-id.json with its manifest (a new build on the server) reloads the open page.
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const assets = resolve(here, '../dist/assets');

/** The built chunk of the contact page (its own lazy chunk). */
function contactChunk() {
  const name = readdirSync(assets).find((f) => /^contact-page-[\w-]+\.js$/.test(f));
  if (!name) throw new Error(`no contact-page chunk in ${assets}`);
  return name;
}

/** Counts full page loads of the tab (the first one included). */
function countLoads(page) {
  const counter = { loads: 0 };
  page.on('load', () => {
    counter.loads += 1;
  });
  return counter;
}

/** Opens the home page, then goes to /contact the way a visitor does: through a link (soft). */
async function homeThenContactLink(ctx, page) {
  await ctx.goto(page, '/');
  const link = page.getByRole('link', { name: 'Nous écrire' });
  await link.waitFor();
  await page.waitForLoadState('load');
  await link.click();
}

export default [
  {
    name: 'a lazy chunk that fails once reloads the page once and the page works',
    async run(ctx) {
      const page = await ctx.newPage();
      const chunk = contactChunk();
      let refused = 0;
      await page.route(`**/assets/${chunk}`, async (route) => {
        if (refused === 0) {
          refused += 1;
          await route.abort('failed');
        } else {
          await route.continue();
        }
      });
      const counter = countLoads(page);
      await homeThenContactLink(ctx, page);
      await ctx.expectText(page, 'Nous contacter');
      await page.waitForTimeout(1_500);
      if (refused !== 1) throw new Error(`${refused} chunk requests refused`);
      if (counter.loads !== 2) throw new Error(`${counter.loads} page loads, expected the first and one reload`);
      if (new URL(page.url()).pathname !== '/contact') throw new Error(`ended on ${page.url()}`);
      if (await page.getByTestId('error-page').count()) throw new Error('the error page is shown');
    },
  },
  {
    name: 'a lazy chunk that fails twice within 10 s shows the French error page without a reload loop',
    async run(ctx) {
      const page = await ctx.newPage();
      const chunk = contactChunk();
      let refused = 0;
      await page.route(`**/assets/${chunk}`, async (route) => {
        refused += 1;
        await route.abort('failed');
      });
      const counter = countLoads(page);
      await homeThenContactLink(ctx, page);
      await page.getByTestId('chunk-error').waitFor({ timeout: 15_000 });
      await ctx.expectText(page, 'Internal Server Error');
      await ctx.expectText(page, 'Une partie du site n’a pas pu être chargée');
      await page.waitForTimeout(3_000);
      if (counter.loads !== 2) throw new Error(`${counter.loads} page loads: expected the first and exactly one reload`);
      if (refused !== 2) throw new Error(`${refused} chunk requests: expected 2`);
      await ctx.screenshot(page, 'erreur-chargement-module');
    },
  },
  {
    name: 'a new build announced by build-id.json and its manifest reloads the open page',
    async run(ctx) {
      const page = await ctx.newPage();
      const counter = countLoads(page);
      await ctx.goto(page, '/entreprise');
      await page.waitForLoadState('load');
      await page.locator('h1').first().waitFor();
      // The same build: the check finds nothing to do.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.waitForTimeout(1_500);
      if (counter.loads !== 1) throw new Error(`reloaded ${counter.loads - 1} times with the same build`);
      // The server now serves another, complete build (its id and its manifest): the next check
      // (tab shown again) reloads.
      let answered = 0;
      const next = 'nouvelle-version-e2e';
      await page.route('**/build-id.json*', async (route) => {
        answered += 1;
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ buildId: next }) });
      });
      await page.route('**/build-manifest.json*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ buildId: next, entry: [], files: [] }) }),
      );
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const deadline = Date.now() + 10_000;
      while (counter.loads < 2 && Date.now() < deadline) await page.waitForTimeout(200);
      if (counter.loads !== 2) throw new Error(`${counter.loads} page loads after a new build, expected a reload`);
      if (answered < 1) throw new Error('build-id.json was not fetched');
      await page.unroute('**/build-id.json*');
      await page.unroute('**/build-manifest.json*');
      if (new URL(page.url()).pathname !== '/entreprise') throw new Error(`reload ended on ${page.url()}`);
    },
  },
];
