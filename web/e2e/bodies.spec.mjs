// Repairs and multi-body files on the quote page: a file the engine repairs says what was done in
// plain French and shows the volume as it will be printed; a file of two separate bodies lists
// each body with its own volume, price, repairs and preview, and split into two parts it makes
// two basket lines, each priced by the server on its own body, at the cents the page showed. A
// split body keeps the repairs made on it (quote page, basket) and the admin's viewer shows that
// body alone; split bodies regroup into the whole file.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectToast, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';
import { cm3, dropFile, euros, fixture, proxyCall } from './support/quote.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const text = async (locator) => (await locator.innerText()).trim();
const volumeText = (mm3) => `${cm3.format(mm3 / 1000)}\u00a0cm³`;

async function serverPrice(page, index) {
  return page.evaluate(async (i) => {
    // A signed-in visitor's state-changing call carries the session's CSRF token.
    const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
    const r = await fetch('/api/devis/calcul-prix', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
      body: JSON.stringify({ index: i }),
    });
    return { status: r.status, body: await r.json() };
  }, index);
}

// The pages of a run share one cookie jar: the customer's cookies are put aside while the
// admin works in the same browser.
async function setAside(page) {
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  return cookies;
}

const TURNED = '1 corps à l\'envers retourné automatiquement\u00a0: le volume est compté tel que la pièce sera imprimée.';

async function itemShot(item, name) {
  await item.scrollIntoViewIfNeeded();
  await item.page().waitForTimeout(400);
  await item.screenshot({ path: join(here, 'artifacts', `${name}.png`) });
}

export default [
  {
    name: 'a repaired file says what the engine turned, and its volume is the printed one',
    async run(ctx) {
      const page = await ctx.newPage();
      // Three of the cube's twelve faces wound against their neighbours: 8 000 mm³ once turned.
      const flipped = fixture('flipped_faces.stl');
      await dropFile(ctx, page, flipped);
      const item = page.locator('[data-testid=quote-item]');
      await item.locator('[data-code=repaired_faces]', { hasText: '3 faces retournées automatiquement pour suivre leurs voisines.' }).waitFor();
      await ctx.expectText(page, 'Maillage fermé');
      const shown = await text(item.locator('[data-testid=volume]'));
      if (shown !== volumeText(8000)) throw new Error(`volume ${shown}, expected ${volumeText(8000)}`);
      await page.locator('.viewer canvas').waitFor({ state: 'visible' });
      await itemShot(item, 'devis-reparation-faces');
      await page.getByRole('button', { name: 'Retirer flipped_faces.stl du devis' }).click();
      await item.waitFor({ state: 'detached' });

      // Two separate cubes, the second written inside out: counted with its positive volume.
      const inverted = fixture('inverted_body.stl');
      await dropFile(ctx, page, inverted);
      await item.locator('[data-code=repaired_bodies]', {
        hasText: '1 corps à l\'envers retourné automatiquement\u00a0: le volume est compté tel que la pièce sera imprimée.',
      }).waitFor();
      const volume = await text(item.locator('[data-testid=volume]'));
      if (volume !== volumeText(1125)) throw new Error(`volume ${volume}, expected ${volumeText(1125)}`);
      // Each body lists the repairs made on it: the second was turned, the first needed none.
      const rows = item.locator('[data-testid=body]');
      await rows.nth(1).locator('[data-testid=body-repairs]', { hasText: TURNED }).waitFor({ timeout: 20_000 });
      await rows.nth(0).locator('[data-testid=body-price]').filter({ hasText: '€' }).waitFor({ timeout: 20_000 });
      const firstRepairs = await rows.nth(0).locator('[data-testid=body-repairs]').count();
      if (firstRepairs !== 0) throw new Error(`the first body lists repairs: ${await text(rows.nth(0))}`);
      await itemShot(item, 'devis-reparation-corps');
    },
  },
  {
    name: 'a two-body file lists each body with its price and, split, makes two basket lines',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('corps'), prenom: 'Inès', nom: 'Moreau' });
      const file = fixture('two_bodies.stl');
      await dropFile(ctx, page, file);
      const item = page.locator('[data-testid=quote-item]');
      await item.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
      await ctx.expectText(page, '2 corps séparés dans ce fichier');
      const rows = item.locator('[data-testid=body]');
      if ((await rows.count()) !== 2) throw new Error(`${await rows.count()} bodies listed`);
      const volumes = [1000, 125];
      const prices = [];
      for (const [i, mm3] of volumes.entries()) {
        const row = rows.nth(i);
        const v = await text(row.locator('[data-testid=body-volume]'));
        if (v !== volumeText(mm3)) throw new Error(`body ${i + 1}: volume ${v}, expected ${volumeText(mm3)}`);
        const price = row.locator('[data-testid=body-price]');
        await price.filter({ hasText: '€' }).waitFor({ timeout: 20_000 });
        prices.push((await text(price)).replace(/\s*HT$/, ''));
      }
      // With the default process both bodies cost the material's minimum part price (8,00 €): the
      // prices are checked against the server's per-body price below, and each body's own volume
      // above; the server's analysis of each body alone (its volume, its price) is asserted by the
      // API test devis_corps::a_split_file_becomes_one_part_per_body_priced_on_that_body.
      for (const p of prices) if (!/^\d+,\d{2}\s€$/u.test(p)) throw new Error(`body price "${p}"`);
      // The second body's own preview.
      await rows.nth(1).getByRole('button', { name: 'Aperçu' }).click();
      await rows.nth(1).getByRole('button', { name: 'Voir tout le fichier' }).waitFor();
      // The viewer's box is the 5 mm cube's, no longer the whole file's 25 mm.
      await ctx.expectText(page, 'X 5,0\u00a0mm');
      await page.locator('.viewer canvas').waitFor({ state: 'visible' });
      await itemShot(item, 'devis-corps-liste');

      await item.getByRole('button', { name: 'Séparer en 2 pièces' }).click();
      const parts = page.locator('[data-testid=quote-item]');
      await parts.nth(1).waitFor();
      for (const [i, mm3] of volumes.entries()) {
        const part = parts.filter({ hasText: `corps ${i + 1}` });
        await part.locator('[data-testid=volume]', { hasText: volumeText(mm3) }).waitFor({ timeout: 20_000 });
        await part.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
        const shown = await text(part.locator('[data-testid=line-price]'));
        if (shown !== prices[i]) throw new Error(`part ${i + 1} shows ${shown}, its body was listed at ${prices[i]}`);
      }
      // The server prices each position on its own body: the same cents.
      const entries = await page.evaluate(async () => (await (await fetch('/api/devis/get-cookies')).json()).entries);
      if (entries.length !== 2 || entries.map((e) => e.body).join() !== '0,1') throw new Error(`entries ${JSON.stringify(entries)}`);
      for (const e of entries) {
        const server = await serverPrice(page, e.index);
        if (server.status !== 200) throw new Error(`calcul-prix ${e.index}: ${server.status} ${JSON.stringify(server.body)}`);
        if (euros.format(server.body.prix.line_cents / 100) !== prices[e.body]) {
          throw new Error(`server prices body ${e.body + 1} at ${server.body.prix.line_cents} cents, the page showed ${prices[e.body]}`);
        }
      }
      // Each part is a body of the file, which can be regrouped.
      await parts.filter({ hasText: 'corps 2' }).locator('[data-testid=body-part]', { hasText: 'Cette pièce est le corps 2' }).getByRole('button', { name: 'Regrouper en une pièce' }).waitFor();
      await ctx.screenshot(page, 'devis-corps-separes');

      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '2 pièces ajoutées au panier.');
      await page.getByRole('link', { name: 'Voir mon panier' }).click();
      await page.waitForURL((u) => u.pathname === '/compte/panier');
      const lines = page.locator('[data-testid=cart-line]');
      for (const [i, name] of ['two_bodies (corps 1).stl', 'two_bodies (corps 2).stl'].entries()) {
        const line = lines.filter({ hasText: name });
        await line.waitFor();
        const shown = await text(line.locator('[data-testid=cart-line-price]'));
        if (shown !== prices[i]) throw new Error(`${name} in the basket at ${shown}, quoted ${prices[i]}`);
      }
      if ((await lines.count()) !== 2) throw new Error(`${await lines.count()} basket lines`);
      const api = await proxyCall(page, 'ComptePiece');
      if (api.status !== 200 || api.body.length !== 2) throw new Error(`GET ComptePiece: ${api.status} ${JSON.stringify(api.body)}`);
      await ctx.screenshot(page, 'panier-corps-separes');
    },
  },
  {
    name: 'a split body keeps its own repairs on the quote page and in the basket, and the admin sees that body alone',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('corps-repare');
      await signUpViaUi(ctx, page, { email, prenom: 'Léa', nom: 'Garnier' });
      const file = fixture('inverted_body.stl');
      await dropFile(ctx, page, file);
      const item = page.locator('[data-testid=quote-item]');
      await item.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
      await item.getByRole('button', { name: 'Séparer en 2 pièces' }).click();
      const parts = page.locator('[data-testid=quote-item]');
      await parts.nth(1).waitFor();
      const first = parts.filter({ hasText: 'corps 1' });
      const second = parts.filter({ hasText: 'corps 2' });
      // The whole file's repair turned the second body: that part says so, the first does not.
      await second.locator('[data-code=repaired_bodies]', { hasText: TURNED }).waitFor({ timeout: 20_000 });
      await second.locator('[data-testid=volume]', { hasText: volumeText(125) }).waitFor();
      await first.locator('[data-testid=volume]', { hasText: volumeText(1000) }).waitFor({ timeout: 20_000 });
      const firstRepairs = await first.locator('[data-code^=repaired_]').count();
      if (firstRepairs !== 0) throw new Error(`the first body's part shows ${firstRepairs} repair(s)`);
      for (const part of [first, second]) {
        await part.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
      }
      await itemShot(second, 'devis-corps-repare');

      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '2 pièces ajoutées au panier.');
      await ctx.goto(page, '/compte/panier');
      const lines = page.locator('[data-testid=cart-line]');
      const turnedLine = lines.filter({ hasText: 'inverted_body (corps 2).stl' });
      await turnedLine.locator('[data-testid=cart-line-repairs]', { hasText: 'Réparé automatiquement\u00a0: 1 corps à l’envers retourné automatiquement' }).waitFor();
      const soundLine = lines.filter({ hasText: 'inverted_body (corps 1).stl' });
      await soundLine.waitFor();
      if ((await soundLine.locator('[data-testid=cart-line-repairs]').count()) !== 0) throw new Error('the sound body lists repairs in the basket');
      await ctx.screenshot(page, 'panier-corps-repare');
      const basket = (await proxyCall(page, 'ComptePiece')).body;
      const part = basket.find((l) => l.nom_fichier === 'inverted_body (corps 2).stl');
      if (!part) throw new Error(`basket ${JSON.stringify(basket)}`);

      // The admin's view of the part: the viewer draws the 5 mm body alone, not the 25 mm file.
      await setAside(page);
      if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await page.waitForURL((u) => u.pathname !== '/connexion_compte');
      await ctx.goto(page, `/compte/admin/piece-validation?piece=${part.Id_Piece}`);
      const panel = page.locator('[data-testid=part-review]');
      await panel.locator('canvas').waitFor({ timeout: 30_000 });
      await panel.locator('.bbox-label', { hasText: 'X 5,0\u00a0mm' }).waitFor({ timeout: 30_000 });
      const labels = await panel.locator('.bbox-label').allInnerTexts();
      if (labels.some((l) => l.includes('25,0'))) throw new Error(`the viewer shows the whole file: ${labels.join(' ')}`);
      await panel.locator('[data-testid=part-body-note]', { hasText: 'Cette pièce est le corps 2 du fichier' }).waitFor();
      await panel.locator('[data-testid=part-repairs]', { hasText: '1 corps à l’envers retourné automatiquement' }).waitFor();
      const download = panel.getByRole('link', { name: 'Télécharger le fichier d’origine (tous les corps)' });
      await download.waitFor();
      const got = await page.evaluate(async (href) => {
        const r = await fetch(href);
        return { status: r.status, disposition: r.headers.get('content-disposition'), size: (await r.arrayBuffer()).byteLength };
      }, await download.getAttribute('href'));
      if (got.status !== 200 || !got.disposition.includes("inverted_body%20%28fichier%20d%27origine%2C%20corps%202%29.stl") || got.size !== file.buffer.length) {
        throw new Error(`download ${JSON.stringify(got)}`);
      }
      await panel.locator('canvas').scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      await ctx.screenshot(page, 'admin-revue-corps-seul');
    },
  },
  {
    name: 'split bodies regroup into one part of the whole file, at its price',
    async run(ctx) {
      const page = await ctx.newPage();
      const file = fixture('two_bodies.stl');
      await dropFile(ctx, page, file);
      const item = page.locator('[data-testid=quote-item]');
      await item.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
      const wholePrice = await text(item.locator('[data-testid=line-price]'));
      await item.getByRole('button', { name: 'Séparer en 2 pièces' }).click();
      const parts = page.locator('[data-testid=quote-item]');
      await parts.nth(1).waitFor();
      const second = parts.filter({ hasText: 'corps 2' });
      await second.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
      await second.getByRole('button', { name: 'Regrouper en une pièce' }).click();

      await page.waitForFunction(() => document.querySelectorAll('[data-testid=quote-item]').length === 1);
      const whole = page.locator('[data-testid=quote-item]');
      await whole.locator('[data-testid=volume]', { hasText: volumeText(1125) }).waitFor({ timeout: 20_000 });
      await ctx.expectText(page, '2 corps séparés dans ce fichier');
      await whole.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
      const shown = await text(whole.locator('[data-testid=line-price]'));
      if (shown !== wholePrice) throw new Error(`the regrouped file shows ${shown}, the whole file was ${wholePrice}`);
      if ((await whole.locator('.body-tag').count()) !== 0) throw new Error('the regrouped file is still named as a body');
      const entries = await page.evaluate(async () => (await (await fetch('/api/devis/get-cookies')).json()).entries);
      if (entries.length !== 1 || entries[0].body !== null || entries[0].index !== 0) throw new Error(`entries ${JSON.stringify(entries)}`);
      await itemShot(whole, 'devis-corps-regroupes');
    },
  },
];
