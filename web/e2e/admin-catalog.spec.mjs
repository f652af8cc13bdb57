// The catalog editor (issue 11): a customer orders cube.stl by bank transfer; the admin lowers the
// rate that sets the cube's price in /compte/admin/catalogue (quote-core's French refusal of
// unordered quantity breaks shown first, then a confirmed save as version 2); a new quote in the browser shows
// the new price, confirmed by the server to the cent, while the customer's order keeps its amounts.
// The last step saves the original values again from the history (version 3), so that the specs
// that run after this one see the shipped rates. The steps share the journey's state, in order.
import { createAddressInPlace } from './support/commerce.mjs';
import { expectAvatar, expectToast, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';
import { dropFile, euros, fixture, proxyCall, waitForServerPrice } from './support/quote.mjs';

const journey = { email: null, numero: null, orderId: null, prix: null, totalTtc: null, field: null, newValue: null, expected: null };

/** The server's breakdown of the entry at `index` of the page's quote. */
async function serverPrice(page, index = 0) {
  return page.evaluate(async (index) => {
    const { csrfToken } = await (await fetch('/api/auth/csrf', { cache: 'no-store' })).json();
    const r = await fetch('/api/devis/calcul-prix', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
      body: JSON.stringify({ index }),
    });
    return (await r.json()).prix;
  }, index);
}

/** JSON text with the keys of every object sorted, to compare documents. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

async function asAdmin(ctx, page) {
  if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
  await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
  await expectAvatar(page);
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

async function saveVersion(page) {
  await page.getByRole('button', { name: 'Enregistrer une nouvelle version' }).click();
  await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Enregistrer la version' }).click();
}

export default [
  {
    name: 'a customer quotes cube.stl and orders it by bank transfer',
    async run(ctx) {
      const page = await ctx.newPage();
      journey.email = freshEmail('catalogue');
      await signUpViaUi(ctx, page, { email: journey.email, prenom: 'Inès', nom: 'Moreau' });
      await dropFile(ctx, page, fixture('cube.stl'));
      await waitForServerPrice(page);
      journey.prix = await serverPrice(page);
      await page.locator('[data-testid=line-price]', { hasText: euros.format(journey.prix.line_cents / 100) }).waitFor();
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
      await ctx.goto(page, '/compte/panier');
      await page.locator('[data-testid=cart-line-status]').filter({ hasText: /Analysée|Validée/ }).first().waitFor();
      await page.getByRole('link', { name: 'Passer la commande' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout');
      await createAddressInPlace(page);
      await page.locator('label[for=cgv]').click();
      await page.getByRole('button', { name: 'Commander et payer par virement' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
      journey.numero = (await page.locator('[data-testid=transfer-reference]').innerText()).trim();
      const mine = await proxyCall(page, 'Commande/mes-commandes');
      journey.orderId = mine.body.find((o) => o.numero === journey.numero)?.idCommande;
      if (!journey.orderId) throw new Error(`order ${journey.numero} not in ${JSON.stringify(mine.body)}`);
      await ctx.goto(page, '/compte/historique-commande');
      const card = page.locator('[data-testid=order]', { hasText: journey.numero });
      journey.totalTtc = (await card.locator('.order-total').innerText()).trim();
      await card.getByText(euros.format(journey.prix.unit_cents / 100)).first().waitFor();
      await ctx.screenshot(page, 'catalogue-commande-avant');
    },
  },
  {
    name: 'the admin lowers the rate of the cube in the catalog form, after quote-core refuses unordered quantity breaks',
    async run(ctx) {
      const { process, material, minimum_applied: atMinimum, subtotal_cents: subtotal, minimum_part_price_cents: minimum } = journey.prix;
      // The rate that sets the cube's price: its minimum, or else its handling fee, 1 € lower.
      const handling = journey.prix.components.find((c) => c.code === 'handling')?.cents ?? 0;
      journey.field = `m-${process}-${material}-${atMinimum ? 'minimum_part_price_cents' : 'handling_fee_cents'}`;
      journey.newValue = (atMinimum ? minimum : handling) - 100;
      journey.expected = atMinimum ? Math.max(journey.newValue, subtotal) : Math.max(minimum, subtotal - 100);
      if (journey.expected >= journey.prix.line_cents) throw new Error(`the change would not lower ${JSON.stringify(journey.prix)}`);

      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await ctx.goto(page, '/compte/admin/catalogue');
      await page.locator('[data-testid=catalog-version]', { hasText: 'Version en vigueur : 1' }).waitFor();
      await page.getByRole('tab', { name: process, exact: true }).click();
      await page.locator(`#${journey.field}`).waitFor();
      await ctx.screenshot(page, 'admin-catalogue');

      // A quantity break below the one before it: quote-core's French refusal, nothing saved.
      await typeNumber(page, 'palier-1-min_quantity', '5');
      await saveVersion(page);
      const refusal = page.locator('.catalog-aside .form-error');
      await refusal.filter({ hasText: 'les paliers de quantité doivent être croissants' }).waitFor();
      await page.locator('[data-testid=catalog-version]', { hasText: 'Version en vigueur : 1' }).waitFor();
      await ctx.screenshot(page, 'admin-catalogue-refus');
      await typeNumber(page, 'palier-1-min_quantity', '50');

      await typeNumber(page, journey.field, String(journey.newValue));
      await saveVersion(page);
      await expectToast(page, 'Catalogue enregistré', 'Version 2');
      await page.locator('[data-testid=catalog-version]', { hasText: 'Version en vigueur : 2' }).waitFor();
      await page.locator('[data-testid=catalog-history-version]').nth(1).filter({ hasText: '1' }).waitFor();
      await page.locator('[data-testid=catalog-history]').getByText(ctx.admin.email).waitFor();
      await page.getByRole('tab', { name: process, exact: true }).click();
      const value = await page.locator(`#${journey.field}`).inputValue();
      if (value.replace(/\D/g, '') !== String(journey.newValue)) throw new Error(`${journey.field} shows ${value} after the save`);
      await ctx.screenshot(page, 'admin-catalogue-version-2');
    },
  },
  {
    name: 'a new quote shows the new price, confirmed by the server, while the order keeps its own',
    async run(ctx) {
      const visitor = await ctx.newPage();
      await dropFile(ctx, visitor, fixture('cube.stl'));
      await waitForServerPrice(visitor);
      const shown = euros.format(journey.expected / 100);
      await visitor.locator('[data-testid=line-price]', { hasText: shown }).waitFor().catch(async () => {
        throw new Error(`the quote shows ${await visitor.locator('[data-testid=line-price]').innerText()}, expected ${shown}`);
      });
      await visitor.locator('[data-testid=server-state]', { hasText: shown }).waitFor();
      const server = await serverPrice(visitor);
      if (server.line_cents !== journey.expected) throw new Error(`the server prices ${server.line_cents}, expected ${journey.expected}`);
      await ctx.screenshot(visitor, 'catalogue-nouveau-devis');

      const page = await ctx.newPage();
      await signIn(ctx, page, journey.email);
      await expectAvatar(page);
      await ctx.goto(page, '/compte/historique-commande');
      const card = page.locator('[data-testid=order]', { hasText: journey.numero });
      await card.locator('.order-total', { hasText: journey.totalTtc }).waitFor();
      await card.getByText(euros.format(journey.prix.unit_cents / 100)).first().waitFor();
      await ctx.screenshot(page, 'catalogue-commande-apres');

    },
  },
  {
    name: 'the admin sees the order at its own amounts, then saves the original rates again from the history as version 3',
    async run(ctx) {
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      // The admin's page of the order placed with version 1 shows its own amounts.
      await ctx.goto(page, `/compte/admin/commande/${journey.orderId}`);
      await page.locator('.order-total', { hasText: journey.totalTtc }).waitFor();
      await page.locator('[data-testid=order-lines]').getByText(euros.format(journey.prix.unit_cents / 100)).first().waitFor();
      await ctx.screenshot(page, 'catalogue-commande-admin');
      await ctx.goto(page, '/compte/admin/catalogue');
      await page.locator('[data-testid=catalog-version]', { hasText: 'Version en vigueur : 2' }).waitFor();
      await page.getByRole('button', { name: 'Reprendre la version 1' }).click();
      await ctx.expectText(page, 'Formulaire rempli avec la version 1.');
      await saveVersion(page);
      await expectToast(page, 'Catalogue enregistré', 'Version 3');
      await page.locator('[data-testid=catalog-version]', { hasText: 'Version en vigueur : 3' }).waitFor();
      const [first, now] = await Promise.all([proxyCall(page, 'Admin/Catalogue/1'), proxyCall(page, 'Combinaison/full')]);
      if (canonical(now.body) !== canonical(first.body.catalogue)) throw new Error('version 3 is not the shipped catalog');
      await ctx.screenshot(page, 'admin-catalogue-historique');
    },
  },
];
