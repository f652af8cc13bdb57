// Admin statistics and journal (issue 11): a customer orders by bank transfer in the test, an
// admin records the transfer; the admin's statistics page for today shows the order in its
// figures (table beside the chart: one more paid order, its revenue excl. VAT), the charts are
// drawn, and the journal shows the admin's status change with its before and after.
import { adminClient } from './support/admin-client.mjs';
import { createAddressInPlace, customerWithBasket } from './support/commerce.mjs';
import { expectAvatar, signIn, signOut } from './support/flows.mjs';
import { euros, proxyCall } from './support/quote.mjs';

/** Today in Paris, `YYYY-MM-DD`. */
const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

async function statsOf(admin, day) {
  const answer = await admin.proxy(`Statistiques?du=${day}&au=${day}`);
  if (answer.status !== 200) throw new Error(`Statistiques answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function placeTransferOrder(ctx, page) {
  await customerWithBasket(ctx, page, 'stats');
  await ctx.goto(page, '/compte/panier');
  await page.locator('[data-testid=cart-line-status]').filter({ hasText: /Analysée|Validée/ }).waitFor();
  await page.getByRole('link', { name: 'Passer la commande' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await createAddressInPlace(page);
  await ctx.expectText(page, 'France métropolitaine');
  await page.locator('label[for=cgv]').click();
  await page.getByRole('button', { name: 'Commander et payer par virement' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
  const mine = await proxyCall(page, 'Commande/mes-commandes');
  if (mine.status !== 200 || mine.body.length !== 1) throw new Error(`mes-commandes: ${mine.status} ${JSON.stringify(mine.body)}`);
  return mine.body[0];
}

/** The text of one cell of the month table, trimmed. */
const cell = (page, month, col) => page.locator(`[data-testid=stats-months] tr[data-month="${month}"] td[data-col=${col}]`).innerText();

export default [
  {
    name: 'an order placed and paid in the test appears in the statistics of the day, and the status change in the journal',
    async run(ctx) {
      const admin = await adminClient(ctx);
      const day = parisToday();
      const month = day.slice(0, 7);
      const before = await statsOf(admin, day);

      const customer = await ctx.newPage();
      const order = await placeTransferOrder(ctx, customer);
      const paid = await admin.proxy(`Commande/${order.id_commande}/statut`, 'PUT', { statut: 'payée', note: 'Virement reçu' });
      if (paid.status !== 200) throw new Error(`PUT statut payée: ${paid.status} ${JSON.stringify(paid.body)}`);
      const after = await statsOf(admin, day);
      const expectedRevenue = before.totaux.chiffre_affaires_ht_cents + order.total_ht_cents;
      if (after.totaux.commandes_payees !== before.totaux.commandes_payees + 1) throw new Error(`paid orders ${before.totaux.commandes_payees} -> ${after.totaux.commandes_payees}`);
      if (after.totaux.chiffre_affaires_ht_cents !== expectedRevenue) throw new Error(`revenue ${after.totaux.chiffre_affaires_ht_cents}, expected ${expectedRevenue}`);

      // The pages of a spec share their cookies: the customer leaves, the admin signs in.
      await signOut(ctx, customer);
      const page = customer;
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await expectAvatar(page);
      await ctx.goto(page, '/compte/admin/statistics');
      await page.locator('[data-testid=stats-totals]').waitFor();
      await page.fill('input[name=du]', day);
      await page.fill('input[name=au]', day);
      await page.getByRole('button', { name: 'Afficher' }).click();
      await page.locator(`[data-testid=stats-months] tr[data-month="${month}"]`).waitFor();
      // The table beside the charts shows the server's figures, the new order included.
      const expect = async (col, text) => {
        await page.waitForFunction(
          ({ month, col, text }) => document.querySelector(`[data-testid=stats-months] tr[data-month="${month}"] td[data-col=${col}]`)?.textContent?.trim() === text,
          { month, col, text },
        ).catch(async () => {
          throw new Error(`${col} of ${month} shows "${await cell(page, month, col)}", expected "${text}"`);
        });
      };
      await expect('payees', String(after.totaux.commandes_payees));
      await expect('ca', euros.format(expectedRevenue / 100));
      await expect('passees', String(after.totaux.commandes_passees));
      const basket = page.locator('[data-testid=stats-totals] [data-figure=panier] strong');
      const shownBasket = (await basket.innerText()).trim();
      if (shownBasket !== euros.format(after.totaux.panier_moyen_ht_cents / 100)) throw new Error(`average basket shows ${shownBasket}`);
      // Every chart is drawn on a canvas with pixels (chart.js under the page's CSP).
      for (const id of ['chart-revenue', 'chart-conversion', 'chart-process', 'chart-material']) {
        const canvas = page.locator(`[data-testid=${id}] canvas`);
        await canvas.waitFor();
        const inked = await canvas.evaluate((c) => {
          const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
          return false;
        });
        if (!inked) throw new Error(`${id} is blank`);
      }
      const processes = after.par_procede.map((p) => p.code);
      if (processes.length === 0) throw new Error('no share by process after a paid order');
      await ctx.screenshot(page, 'admin-statistiques');

      // A bad period: the server's French message.
      await page.fill('input[name=du]', day);
      await page.fill('input[name=au]', '2000-01-01');
      await page.getByRole('button', { name: 'Afficher' }).click();
      await ctx.expectText(page, 'La date de début doit précéder la date de fin.');

      await ctx.goto(page, '/compte/admin/journal');
      const line = page.locator('[data-testid=journal] tr[data-action="commande.statut"]', { hasText: order.numero });
      await line.first().waitFor();
      const text = await line.first().innerText();
      for (const expected of [ctx.admin.email, 'Statut de commande', 'statut\u00a0: en attente de paiement', 'statut\u00a0: payée', 'note\u00a0: Virement reçu']) {
        if (!text.includes(expected)) throw new Error(`journal line lacks "${expected}": ${text}`);
      }
      await page.selectOption('select[name=action]', 'maintenance');
      await page.getByRole('button', { name: 'Filtrer' }).click();
      await page.locator('[data-testid=journal] tr[data-action="commande.statut"]').first().waitFor({ state: 'detached' });
      await page.selectOption('select[name=action]', 'commande.statut');
      await page.getByRole('button', { name: 'Filtrer' }).click();
      await line.first().waitFor();
      await ctx.screenshot(page, 'admin-journal');
    },
  },
];
