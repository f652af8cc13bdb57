// The « économique » lead-time tier (issue 25, part 1): the admin offers one on SLS in the
// catalog editor (its days and price factor; a factor above 100 % is refused beside the field
// first); a visitor's quote card then shows the économique tier with its price and ship date,
// computed in the browser, equal to the server's; the visitor chooses it, the server prices it,
// and the basket shows the économique price, date and name. The last test puts the shipped
// catalog back for the specs that run after this one, whatever happened before.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminClient } from './support/admin-client.mjs';
import { expectAvatar, expectToast, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';
import { dropFile, euros, fixture, waitForServerPrice } from './support/quote.mjs';

const journey = { shipped: null, line: null, date: null };

/** The page's catalog form is very long: its SLS tab alone is kept too, to be read. */
const artifact = (name) => join(dirname(fileURLToPath(import.meta.url)), 'artifacts', `${name}.png`);

/** Text as read: ordinary spaces. */
const plain = (s) => s.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ').trim();

async function serverPrice(page, index) {
  return page.evaluate(async (i) => {
    const { csrfToken } = await (await fetch('/api/auth/csrf', { cache: 'no-store' })).json();
    const r = await fetch('/api/devis/calcul-prix', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
      body: JSON.stringify({ index: i }),
    });
    return { status: r.status, body: await r.json() };
  }, index);
}

/** Replaces the number of a PrimeReact InputNumber the way a person types it. */
async function typeNumber(page, id, text) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.press('Control+a');
  await input.press('Backspace');
  await input.pressSequentially(text);
  await input.press('Tab');
}

export default [
  {
    name: 'the admin offers an économique tier on SLS with its days and price factor',
    async run(ctx) {
      if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
      const admin = await adminClient(ctx);
      journey.shipped = await admin.proxy('Admin/Catalogue');
      const page = await ctx.newPage();
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await expectAvatar(page);
      await ctx.goto(page, '/compte/admin/catalogue');
      await page.locator('[data-testid=catalog-version]').waitFor();
      await page.getByRole('tab', { name: 'SLS', exact: true }).click();
      const tiers = page.locator('[data-testid=p-SLS-lead-times]');
      await tiers.waitFor();
      await tiers.locator('label', { hasText: 'Proposer un délai économique' }).click();
      const days = 'p-SLS-lead-economique-lead_time_days';
      const factor = 'p-SLS-lead-economique-factor_percent';
      await page.locator(`#${days}`).waitFor();
      // Dearer than standard: said beside the field before any save.
      await typeNumber(page, factor, '110');
      await page.locator(`#${factor}-error`, { hasText: 'Au plus 100 %' }).waitFor();
      await typeNumber(page, factor, '90');
      await typeNumber(page, days, '12');
      if ((await page.locator(`#${factor}-error`).count()) !== 0) throw new Error('the factor of 90 % is still refused');
      await tiers.scrollIntoViewIfNeeded();
      await ctx.screenshot(page, 'admin-catalogue-economique');
      await tiers.screenshot({ path: artifact('admin-catalogue-economique-sls') });
      await page.getByRole('button', { name: 'Enregistrer une nouvelle version' }).click();
      await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Enregistrer la version' }).click();
      await expectToast(page, 'Catalogue enregistré', 'Version');
      const saved = await admin.proxy('Admin/Catalogue');
      const sls = saved.body.catalogue.processes.find((p) => p.code === 'SLS');
      const eco = (sls.lead_times ?? []).find((t) => t.mode === 'economique');
      if (!eco || eco.lead_time_days !== 12 || eco.factor_percent !== 90) throw new Error(`SLS tiers saved: ${JSON.stringify(sls.lead_times)}`);
    },
  },
  {
    name: 'a visitor sees the économique price and date on the card, chooses it, and the basket shows its price',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('economique'), prenom: 'Lucie', nom: 'Bernard' });
      await dropFile(ctx, page, fixture('cube.stl'));
      await waitForServerPrice(page);
      await page.getByLabel('Procédé').selectOption('SLS');
      const eco = page.locator('[data-testid=lead-times] [data-mode=economique]');
      await eco.waitFor();
      await waitForServerPrice(page);
      // The card's économique price and date, before choosing it: from the engine in the worker.
      const shownPrice = plain(await eco.locator('[data-testid=tier-price]').innerText());
      const shownDate = await eco.locator('[data-testid=tier-ship]').getAttribute('data-date');
      if (!/€ HT$/.test(shownPrice)) throw new Error(`the économique tier shows "${shownPrice}"`);
      const before = await serverPrice(page, 0);
      const row = before.body.delais.find((r) => r.mode === 'economique');
      if (!row || row.expedition !== shownDate || row.jours_ouvres !== 12) throw new Error(`server économique row ${JSON.stringify(row)}, card ${shownDate}`);
      // The quantity table has its column.
      await page.locator('[data-testid=quantity-table] summary').click();
      await page.locator('[data-testid=quantity-table] th', { hasText: 'Économique HT' }).waitFor();

      await eco.locator('input').check();
      await page.locator('[data-testid=lead-times] .tier-chosen[data-mode=economique]').waitFor();
      await page.locator('[data-testid=line-price]', { hasText: shownPrice.replace(/ HT$/, '') }).waitFor();
      await waitForServerPrice(page);
      const chosen = await serverPrice(page, 0);
      const { prix } = chosen.body;
      if (!prix.economique || prix.express || prix.express_factor_percent !== 90) throw new Error(`server prix: ${JSON.stringify(prix)}`);
      if (plain(`${euros.format(prix.line_cents / 100)} HT`) !== shownPrice) throw new Error(`card ${shownPrice}, server ${prix.line_cents} cents`);
      if (!(prix.line_cents < before.body.prix.line_cents)) throw new Error(`économique ${prix.line_cents} is not cheaper than standard ${before.body.prix.line_cents}`);
      journey.line = prix.line_cents;
      journey.date = shownDate;
      await page.locator('[data-testid=lead-times]').scrollIntoViewIfNeeded();
      await ctx.screenshot(page, 'devis-delai-economique');
      await page.locator('[data-testid=quote-item] .item-side').screenshot({ path: artifact('devis-delai-economique-carte') });

      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
      await ctx.goto(page, '/compte/panier');
      const line = page.locator('[data-testid=cart-line]', { hasText: 'cube.stl' });
      await line.waitFor();
      await line.getByText('Économique', { exact: false }).first().waitFor();
      const price = plain(await line.locator('[data-testid=cart-line-price]').innerText());
      if (price !== plain(euros.format(journey.line / 100))) throw new Error(`the basket shows ${price}, the quote ${journey.line} cents`);
      const ship = await line.locator('[data-testid=cart-line-ship]').getAttribute('data-date');
      if (ship !== journey.date) throw new Error(`the basket ships on ${ship}, the card said ${journey.date}`);
      await ctx.screenshot(page, 'panier-delai-economique');
    },
  },
  {
    name: 'the shipped catalog is put back for the other specs',
    async run(ctx) {
      if (!journey.shipped) return;
      const admin = await adminClient(ctx);
      const now = await admin.proxy('Admin/Catalogue');
      const back = await admin.proxy('Admin/Catalogue', 'POST', { version_base: now.body.version, catalogue: journey.shipped.body.catalogue });
      if (back.status !== 200 && back.status !== 201) throw new Error(`restoring the catalog: ${back.status} ${JSON.stringify(back.body)}`);
    },
  },
];
