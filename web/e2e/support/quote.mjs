// Shared steps of the quote specs: fixtures with their expected analysis, and dropping a file.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = resolve(here, '../../../fixtures');
const expected = JSON.parse(readFileSync(join(fixtures, 'expected.json'), 'utf8')).fixtures;
export const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
export const cm3 = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A fixture file of the repository with its expected analysis. */
export function fixture(name) {
  const truth = expected.find((f) => f.file === name);
  if (!truth) throw new Error(`${name} is not in fixtures/expected.json`);
  return { name, buffer: readFileSync(join(fixtures, name)), truth };
}

/** Picks the file in the drop zone of /devis_ligne and waits for the engine's volume. */
export async function dropFile(ctx, page, file) {
  await ctx.goto(page, '/devis_ligne');
  await ctx.expectText(page, 'Déposez ici vos fichiers');
  await page.locator('[data-testid=drop-zone] button').waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[data-testid=drop-zone] button')?.disabled);
  await page.setInputFiles('[data-testid=file-input]', { name: file.name, mimeType: 'model/stl', buffer: file.buffer });
  const volume = `${cm3.format(file.truth.volume_mm3 / 1000)}\u00a0cm³`;
  await page.locator('[data-testid=volume]', { hasText: volume }).waitFor({ timeout: 20_000 });
}

/**
 * Waits for the server's confirmation of the price of the dropped files. A debug server on a
 * machine compiling at the same time has taken more than 30 s (upload, then the analysis gate).
 */
export async function waitForServerPrice(page) {
  await page.locator('[data-testid=server-state]', { hasText: 'Prix confirmé par le serveur' }).waitFor({ timeout: 75_000 });
}

/** Calls a backend controller through /api/proxy from the page, with the CSRF token. */
export async function proxyCall(page, path, httpMethod = 'GET', body = null) {
  return page.evaluate(
    async ({ path, httpMethod, body }) => {
      const { csrfToken } = await (await fetch('/api/auth/csrf', { cache: 'no-store' })).json();
      const r = await fetch('/api/proxy', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify({ path, httpMethod, body }),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
    { path, httpMethod, body },
  );
}
