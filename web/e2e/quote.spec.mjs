// The instant quote: a visitor drops a fixture STL, sees its analysis, the 3D preview and a price
// equal to the server's; the quote survives a reload; adding to the basket asks to sign in.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cm3, dropFile, euros, fixture } from './support/quote.mjs';

const here = dirname(fileURLToPath(import.meta.url));

async function serverPrice(page, index) {
  return page.evaluate(async (i) => {
    const r = await fetch('/api/devis/calcul-prix', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ index: i }),
    });
    return { status: r.status, body: await r.json() };
  }, index);
}

export default [
  {
    name: 'a dropped STL shows its volume, its 3D preview and the server’s price',
    async run(ctx) {
      const page = await ctx.newPage();
      const file = fixture('sphere.stl');
      await dropFile(ctx, page, file);
      await page.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 30_000 });
      const shown = (await page.locator('[data-testid=line-price]').textContent()).trim();
      const server = await serverPrice(page, 0);
      if (server.status !== 200) throw new Error(`calcul-prix answered ${server.status}: ${JSON.stringify(server.body)}`);
      const expectedText = euros.format(server.body.prix.line_cents / 100);
      if (shown !== expectedText) throw new Error(`page shows ${shown}, server says ${expectedText}`);
      const canvas = page.locator('.viewer canvas');
      await canvas.waitFor({ state: 'visible' });
      await canvas.scrollIntoViewIfNeeded();
      await ctx.expectText(page, 'Maillage fermé');
      await ctx.expectText(page, 'X 20,0\u00a0mm');
      await page.waitForTimeout(500);
      await ctx.screenshot(page, 'devis-ligne');
      await page.locator('[data-testid=quote-item]').screenshot({ path: join(here, 'artifacts', 'devis-ligne-apercu.png') });
    },
  },
  {
    name: 'switching the unit analyses the file again in centimetres',
    async run(ctx) {
      const page = await ctx.newPage();
      const file = fixture('cube.stl');
      await dropFile(ctx, page, file);
      await page.getByRole('button', { name: 'cm', exact: true }).click();
      const volume = `${cm3.format(file.truth.volume_mm3)}\u00a0cm³`;
      await page.locator('[data-testid=volume]', { hasText: volume }).waitFor({ timeout: 20_000 });
      await page.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 30_000 });
      const server = await serverPrice(page, 0);
      const shown = (await page.locator('[data-testid=line-price]').textContent()).trim();
      if (shown !== euros.format(server.body.prix.line_cents / 100)) throw new Error(`page ${shown} vs server ${JSON.stringify(server.body.prix?.line_cents)}`);
    },
  },
  {
    name: 'the quote survives a reload and an anonymous visitor is asked to sign in',
    async run(ctx) {
      const page = await ctx.newPage();
      const file = fixture('cube.stl');
      await dropFile(ctx, page, file);
      await page.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 30_000 });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await ctx.expectText(page, 'cube.stl');
      await page.locator('[data-testid=volume]', { hasText: `${cm3.format(file.truth.volume_mm3 / 1000)}\u00a0cm³` }).waitFor({ timeout: 20_000 });
      await page.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await ctx.expectText(page, 'Veuillez vous connecter pour ajouter au panier.');
      const link = page.locator('.sign-in-notice a', { hasText: 'Se connecter' });
      const href = await link.getAttribute('href');
      if (href !== '/connexion_compte?callbackUrl=/devis_ligne') throw new Error(`sign-in link goes to ${href}`);
      await ctx.expectText(page, 'cube.stl');
    },
  },
];
