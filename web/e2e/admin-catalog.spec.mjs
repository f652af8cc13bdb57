// The catalog editor (issue 11): a customer orders cube.stl by bank transfer; the admin lowers the
// rate that sets the cube's price in /compte/admin/catalogue (quote-core's French refusal of
// unordered quantity breaks shown first, then a confirmed save as version 2); a new quote in the browser shows
// the new price, confirmed by the server to the cent, while the customer's order keeps its amounts.
// The original values are then saved again from the history (version 3). Next the admin adds a
// material to SLS (a duplicate identifier refused in the dialog, an emptied name refused by
// quote-core), a visitor's new quote offers it at a price the server confirms to the cent, and
// the admin removes it again: the visitor's entry then says it is no longer offered, and the
// catalog is the shipped one again, so that the specs that run after this one see the shipped
// rates. The steps share the journey's state, in order.
import { createAddressInPlace } from './support/commerce.mjs';
import { expectAvatar, expectToast, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';
import { dropFile, euros, fixture, proxyCall, waitForServerPrice } from './support/quote.mjs';

const journey = { email: null, numero: null, orderId: null, prix: null, totalTtc: null, field: null, newValue: null, expected: null, version: null };

/** The material the admin adds to SLS, then removes: a minimum part price that sets the cube's
 * price whatever its rates (copied from PA12 when it is added). */
const added = { code: 'PA6', name: 'Polyamide 6 (PA6)', minimum: 9876 };

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
      journey.orderId = mine.body.find((o) => o.numero === journey.numero)?.id_commande;
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
  {
    name: 'the admin adds a material to SLS with its identifier, name and minimum price, after the dialog and quote-core refuse mistakes',
    async run(ctx) {
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await ctx.goto(page, '/compte/admin/catalogue');
      const version = page.locator('[data-testid=catalog-version] strong');
      await version.waitFor();
      journey.version = Number(await version.innerText());
      await page.getByRole('tab', { name: 'SLS', exact: true }).click();
      await page.locator('#m-SLS-PA12-name').waitFor();
      await page.getByRole('button', { name: 'Ajouter un matériau' }).filter({ visible: true }).click();
      const dialog = page.locator('[data-testid=add-material-SLS-form]');
      await dialog.locator('#add-material-SLS-code').fill('PA12');
      await dialog.locator('#add-material-SLS-name').fill(added.name);
      await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await dialog.getByText('L’identifiant « PA12 » existe déjà ici.').waitFor();
      await ctx.screenshot(page, 'admin-catalogue-ajout-dialogue');
      await dialog.locator('#add-material-SLS-code').fill(added.code);
      await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = page.locator(`[data-testid=material-SLS-${added.code}]`);
      await card.locator(`[data-testid=m-SLS-${added.code}-code]`, { hasText: added.code }).waitFor();
      await typeNumber(page, `m-SLS-${added.code}-minimum_part_price_cents`, String(added.minimum));

      // An emptied name: quote-core's French refusal, naming the material; nothing saved.
      await page.locator(`#m-SLS-${added.code}-name`).fill('');
      await saveVersion(page);
      await page.locator('.catalog-aside .form-error').filter({ hasText: `SLS, matériaux\u00a0: le nom de «\u00a0${added.code}\u00a0» est vide.` }).waitFor();
      await page.locator('[data-testid=catalog-version]', { hasText: `Version en vigueur : ${journey.version}` }).waitFor();
      await page.locator(`#m-SLS-${added.code}-name`).fill(added.name);
      await card.scrollIntoViewIfNeeded();
      await ctx.screenshot(page, 'admin-catalogue-ajout');

      await saveVersion(page);
      await expectToast(page, 'Catalogue enregistré', `Version ${journey.version + 1}`);
      await page.locator('[data-testid=catalog-version]', { hasText: `Version en vigueur : ${journey.version + 1}` }).waitFor();
      const served = await proxyCall(page, 'Combinaison/full');
      const pa6 = served.body.processes.find((p) => p.code === 'SLS').materials.find((m) => m.code === added.code);
      if (pa6?.name !== added.name || pa6.minimum_part_price_cents !== added.minimum) throw new Error(`served: ${JSON.stringify(pa6)}`);
    },
  },
  {
    name: 'a visitor’s quote offers the added material at a price the server confirms; removed again, the entry says it is no longer offered',
    async run(ctx) {
      const visitor = await ctx.newPage();
      await dropFile(ctx, visitor, fixture('cube.stl'));
      await waitForServerPrice(visitor);
      await visitor.getByLabel('Procédé').selectOption('SLS');
      await visitor.getByLabel('Matériau').selectOption(added.code);
      const shown = euros.format(added.minimum / 100);
      await visitor.locator('[data-testid=line-price]', { hasText: shown }).waitFor();
      await visitor.locator('[data-testid=server-state]', { hasText: `Prix confirmé par le serveur\u00a0: ${shown}` }).waitFor({ timeout: 75_000 });
      const server = await serverPrice(visitor);
      if (server.line_cents !== added.minimum || server.material !== added.code || server.material_name !== added.name) {
        throw new Error(`the server prices ${JSON.stringify(server)}`);
      }
      await ctx.screenshot(visitor, 'catalogue-devis-nouveau-materiau');

      // The admin removes it again, after a confirmation that says what becomes of orders.
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await ctx.goto(page, '/compte/admin/catalogue');
      await page.getByRole('tab', { name: 'SLS', exact: true }).click();
      const card = page.locator(`[data-testid=material-SLS-${added.code}]`);
      await card.getByRole('button', { name: `Supprimer le matériau ${added.code} du procédé SLS` }).click();
      const confirm = page.locator('.p-confirm-dialog');
      await confirm.getByText('Les commandes passées gardent leur désignation', { exact: false }).waitFor();
      await ctx.screenshot(page, 'admin-catalogue-suppression');
      await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await card.waitFor({ state: 'detached' });
      await saveVersion(page);
      await expectToast(page, 'Catalogue enregistré', `Version ${journey.version + 2}`);
      const [first, now] = await Promise.all([proxyCall(page, 'Admin/Catalogue/1'), proxyCall(page, 'Combinaison/full')]);
      if (canonical(now.body) !== canonical(first.body.catalogue)) throw new Error('the catalog is not the shipped one after the removal');
      const { body: journal } = await proxyCall(page, 'Admin/Journal?action=catalogue.version');
      const line = journal.items[0];
      const path = `processes[SLS].materials[${added.code}]`;
      if (line.avant[path]?.name !== added.name || line.apres[path] !== null) throw new Error(`the journal line does not name the removal: ${JSON.stringify(line)}`);

      // The visitor's entry still names the material: a clear message, then another choice prices.
      await visitor.reload();
      const gone = `Le matériau ${added.code} n'est plus proposé pour le procédé SLS\u00a0: choisissez-en un autre.`;
      await visitor.locator('.price-panel', { hasText: gone }).first().waitFor({ timeout: 30_000 });
      // The material list shows no selection but its placeholder; colour and finish wait for it.
      // By the start of the list's name (its label, then its shown option): the colour and finish
      // lists' placeholder names the material too.
      const list = (label) => visitor.getByRole('combobox', { name: new RegExp(`^${label}`) });
      const shownChoice = (label) => list(label).evaluate((el) => ({ value: el.value, text: el.selectedOptions[0]?.textContent ?? null, disabled: el.disabled }));
      const materialShown = await shownChoice('Matériau');
      if (materialShown.value !== '' || materialShown.text !== 'Choisissez un matériau') throw new Error(`the material list shows ${JSON.stringify(materialShown)}`);
      for (const label of ['Couleur', 'Finition']) {
        const shown = await shownChoice(label);
        if (shown.value !== '' || shown.text !== 'Choisissez d’abord un matériau' || !shown.disabled) throw new Error(`${label} shows ${JSON.stringify(shown)}`);
      }
      await ctx.screenshot(visitor, 'catalogue-devis-materiau-retire');
      await list('Matériau').selectOption('PA11');
      await waitForServerPrice(visitor);
      const chosen = await shownChoice('Matériau');
      if (chosen.value !== 'PA11') throw new Error(`the material list shows ${JSON.stringify(chosen)} after a new choice`);
      if ((await shownChoice('Couleur')).disabled) throw new Error('the colour list stays disabled after a new choice');
    },
  },
];
