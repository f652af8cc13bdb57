// STEP files in the instant quote: the project's own fixture (fixtures/step/bloc_perce.step, a
// 20 × 10 × 5 mm block with a 6 mm hole) is read in the browser by the STEP build of the engine,
// fetched only then; it shows its preview, its volume (within 0.5 % of the exact B-rep one) and a
// price equal to the server's. A broken STEP file gets the engine's French refusal.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { euros, waitForServerPrice } from './support/quote.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const stepDir = resolve(here, '../../fixtures/step');
const truths = JSON.parse(readFileSync(join(stepDir, 'expected.json'), 'utf8')).fixtures;

function stepFixture(name) {
  const truth = truths.find((f) => f.file === name);
  if (!truth) throw new Error(`${name} is not in fixtures/step/expected.json`);
  return { name, buffer: readFileSync(join(stepDir, name)), truth };
}

/** Opens /devis_ligne, noting every WebAssembly module the page and its workers fetch. */
async function openQuote(ctx) {
  const page = await ctx.newPage();
  const wasm = new Set();
  page.context().on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasm.add(new URL(r.url()).pathname);
  });
  await ctx.goto(page, '/devis_ligne');
  await ctx.expectText(page, 'Déposez ici vos fichiers');
  await page.waitForFunction(() => !document.querySelector('[data-testid=drop-zone] button')?.disabled);
  return { page, wasm };
}

async function pick(page, file) {
  await page.setInputFiles('[data-testid=file-input]', { name: file.name, mimeType: 'model/step', buffer: file.buffer });
}

/** The number shown in `[data-testid=volume]` ("0,86 cm³"), in cm³. */
async function shownVolume(page) {
  const text = await page.locator('[data-testid=volume]').textContent();
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

export default [
  {
    name: 'a dropped STEP file shows its 3D preview, its volume and the server’s price',
    async run(ctx) {
      const { page, wasm } = await openQuote(ctx);
      const accept = await page.locator('[data-testid=file-input]').getAttribute('accept');
      if (!accept.split(',').includes('.step') || !accept.split(',').includes('.stp')) throw new Error(`file input accepts ${accept}`);
      await ctx.expectText(page, 'STL, OBJ, 3MF ou STEP');
      const before = wasm.size;
      const file = stepFixture('bloc_perce.step');
      await pick(page, file);
      await page.locator('[data-testid=volume]').waitFor({ timeout: 30_000 });
      // Shown to 0.01 cm³: within 0.5 % of the exact volume, give or take the display's rounding.
      const exact = file.truth.volume_mm3 / 1000;
      const shown = await shownVolume(page);
      if (Math.abs(shown - exact) > exact * file.truth.relative_tolerance + 0.005) throw new Error(`volume shown ${shown} cm³, exact ${exact} cm³`);
      await ctx.expectText(page, 'X 20,0\u00a0mm');
      await ctx.expectText(page, 'Maillage fermé');
      await ctx.expectText(page, 'celle déclarée dans le fichier STEP');
      if (wasm.size !== before + 1) throw new Error(`WebAssembly modules fetched: ${[...wasm].join(', ')} (${before} before the STEP file)`);

      await waitForServerPrice(page);
      const line = (await page.locator('[data-testid=line-price]').textContent()).trim();
      const server = await page.evaluate(async () => {
        const r = await fetch('/api/devis/calcul-prix', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ index: 0 }) });
        return { status: r.status, body: await r.json() };
      });
      if (server.status !== 200) throw new Error(`calcul-prix answered ${server.status}: ${JSON.stringify(server.body)}`);
      const expected = euros.format(server.body.prix.line_cents / 100);
      if (line !== expected) throw new Error(`page shows ${line}, server says ${expected}`);

      const canvas = page.locator('.viewer canvas');
      await canvas.waitFor({ state: 'visible' });
      await canvas.scrollIntoViewIfNeeded();
      // The preview is drawn: the canvas holds pixels of more than the background's colour.
      await page.waitForFunction(
        () => {
          const c = document.querySelector('.viewer canvas');
          if (!c || c.width === 0) return false;
          const copy = document.createElement('canvas');
          copy.width = c.width;
          copy.height = c.height;
          const g = copy.getContext('2d');
          g.drawImage(c, 0, 0);
          const data = g.getImageData(0, 0, c.width, c.height).data;
          const colours = new Set();
          for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
          return colours.size > 8;
        },
        null,
        { timeout: 15_000 },
      );
      await page.waitForTimeout(500);
      // The plate is thin in Y and Z: its three dimension labels must not cover each other.
      const boxes = await page.locator('.bbox-label').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      if (boxes.length !== 3) throw new Error(`3 étiquettes de dimensions attendues, ${boxes.length} trouvées`);
      for (let i = 0; i < 3; i += 1) {
        for (let j = i + 1; j < 3; j += 1) {
          const [a, b] = [boxes[i], boxes[j]];
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          if (!apart) throw new Error(`étiquettes ${i} et ${j} superposées : ${JSON.stringify([a, b])}`);
        }
      }
      await ctx.screenshot(page, 'devis-step');
      await page.locator('[data-testid=quote-item]').screenshot({ path: join(here, 'artifacts', 'devis-step-apercu.png') });
    },
  },
  {
    name: 'a broken STEP file is refused with the engine’s French message',
    async run(ctx) {
      const { page } = await openQuote(ctx);
      await pick(page, stepFixture('bloc_tronque.step'));
      const error = page.locator('.item-error');
      await error.waitFor({ timeout: 30_000 });
      const text = await error.textContent();
      if (!text.startsWith('Le fichier STEP est invalide') || !text.includes('STL ou en 3MF')) throw new Error(`error shown: ${text}`);
      // A file named .stp that is not STEP at all: the header is missing.
      await pick(page, { name: 'bride.stp', buffer: Buffer.from('Notes de conception de la bride, pas un modèle.\n') });
      await page.locator('.item-error', { hasText: 'ISO-10303-21' }).waitFor({ timeout: 30_000 });
      // A binary STL named .stp: refused for its missing header, in the browser as by the server
      // at upload (it was read as an STL here and refused there).
      await pick(page, { name: 'cube.stp', buffer: readFileSync(resolve(here, '../../fixtures/cube.stl')) });
      await page
        .locator('[data-testid=quote-item]', { hasText: 'cube.stp' })
        .locator('.item-error', { hasText: 'ISO-10303-21' })
        .waitFor({ timeout: 30_000 });
      // Nothing is ready: the basket button is disabled, and looks it.
      await ctx.expectText(page, '0 fichier prêt sur 3');
      const basket = page.getByRole('button', { name: 'Ajouter au panier' });
      if (!(await basket.isDisabled())) throw new Error('« Ajouter au panier » is enabled with no file ready');
      const opacity = await basket.evaluate((b) => Number(getComputedStyle(b).opacity));
      if (!(opacity < 1)) throw new Error(`the disabled « Ajouter au panier » is drawn at opacity ${opacity}`);
      await ctx.screenshot(page, 'devis-step-refus');
    },
  },
];
