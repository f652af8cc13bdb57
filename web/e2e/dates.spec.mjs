// Ship dates (issue 25, part 2): the quote card shows each lead-time tier with its price,
// « Expédié le … » and the delivery range in France, computed in the browser's worker, the same
// days as the server's `calcul-prix`; the basket and the checkout show the server's dates (the
// slowest line, the range to the delivery zone); an order gets its date when the admin records the
// transfer, shown in the history. Each date shown is checked against the server's and against a
// French wording written here with Intl (not the app's own formatter). The content pages and the
// FAQ say the catalog's lead times, and follow an admin's change of them. The card's quantity ×
// tier table gives the server's prices at each quantity.
import { adminClient } from './support/admin-client.mjs';
import { expectAvatar, signIn } from './support/flows.mjs';
import { createAddressInPlace, customerWithBasket } from './support/commerce.mjs';
import { dropFile, euros, fixture, proxyCall, waitForServerPrice } from './support/quote.mjs';

const weekdayDayMonth = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const parisYear = () => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));

/** `2026-12-10` -> `jeudi 10 décembre` (with its year when not this one), as a reader expects it. */
function french(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const text = weekdayDayMonth.format(new Date(Date.UTC(y, m - 1, d)));
  return y === parisYear() ? text : `${text} ${y}`;
}

/** Text as read: ordinary spaces, « 1er » as « 1 ». */
const plain = (s) => s.replaceAll('\u00a0', ' ').replace(/\b1er\b/g, '1').trim();

/** The order paid in the second test, for the admin's pages. */
const journey = { order: null };

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

async function expectDate(locator, iso, wording, what) {
  await locator.waitFor();
  const date = await locator.getAttribute('data-date');
  const shown = plain(await locator.innerText());
  const want = wording ? `${wording} ${french(iso)}` : french(iso);
  if (date !== iso || !shown.includes(want)) throw new Error(`${what}: shows "${shown}" (${date}), the server says ${iso}: "${want}"`);
}

export default [
  {
    name: 'the quote card shows each tier with its price and the server’s ship date and delivery range',
    async run(ctx) {
      const page = await ctx.newPage();
      await dropFile(ctx, page, fixture('cube.stl'));
      // The worker's dates are on the card as soon as the engine has priced the part.
      const tiers = page.locator('[data-testid=lead-times] [data-mode]');
      await tiers.first().waitFor();
      await waitForServerPrice(page);
      const server = await serverPrice(page, 0);
      if (server.status !== 200) throw new Error(`calcul-prix answered ${server.status}: ${JSON.stringify(server.body)}`);
      const { delais, prix } = server.body;
      if (!Array.isArray(delais) || delais.length < 2) throw new Error(`calcul-prix gave no tiers: ${JSON.stringify(server.body)}`);
      if ((await tiers.count()) !== delais.length) throw new Error(`${await tiers.count()} tiers shown, the server gives ${delais.length}`);
      for (const [i, row] of delais.entries()) {
        const tier = tiers.nth(i);
        if ((await tier.getAttribute('data-mode')) !== row.mode) throw new Error(`tier ${i} is ${await tier.getAttribute('data-mode')}, the server's is ${row.mode}`);
        await expectDate(tier.locator('[data-testid=tier-ship]'), row.expedition, 'Expédié le', `tier ${row.mode}`);
        const france = row.livraison.find((l) => l.zone === 'france');
        const delivery = plain(await tier.locator('[data-testid=tier-delivery]').innerText());
        if (!delivery.startsWith('Livraison en France du ') || !delivery.endsWith(french(france.au)))
          throw new Error(`tier ${row.mode}: "${delivery}", the server's range ends ${france.au}`);
        if (!plain(await tier.innerText()).includes(`${row.jours_ouvres} jours ouvrés`)) throw new Error(`tier ${row.mode} does not say ${row.jours_ouvres} jours ouvrés`);
      }
      // The chosen tier's price is the server's line price.
      const chosen = page.locator('[data-testid=lead-times] .tier-chosen');
      const chosenPrice = plain(await chosen.locator('[data-testid=tier-price]').innerText());
      if (chosenPrice !== plain(`${euros.format(prix.line_cents / 100)} HT`)) throw new Error(`chosen tier shows ${chosenPrice}, the server's line is ${prix.line_cents} cents`);
      if ((await chosen.getAttribute('data-mode')) !== 'standard') throw new Error('the standard tier is not the one chosen by default');
      await ctx.screenshot(page, 'devis-delais');

      // Choosing express on the card: the server prices express and its date is the one shown.
      await page.locator('[data-testid=lead-times] [data-mode=express] input').check();
      await page.locator('[data-testid=line-price]').filter({ hasNotText: euros.format(prix.line_cents / 100) }).waitFor();
      await waitForServerPrice(page);
      const express = await serverPrice(page, 0);
      if (!express.body.prix.express) throw new Error('the server did not price express after choosing it on the card');
      const expressRow = express.body.delais.find((r) => r.mode === 'express');
      const expressTier = page.locator('[data-testid=lead-times] .tier-chosen');
      if ((await expressTier.getAttribute('data-mode')) !== 'express') throw new Error('express is not shown as chosen');
      await expectDate(expressTier.locator('[data-testid=tier-ship]'), expressRow.expedition, 'Expédié le', 'express');
      const shownExpress = plain(await expressTier.locator('[data-testid=tier-price]').innerText());
      if (shownExpress !== plain(`${euros.format(express.body.prix.line_cents / 100)} HT`)) throw new Error(`express tier shows ${shownExpress}, server ${express.body.prix.line_cents}`);
      await ctx.screenshot(page, 'devis-delais-express');
    },
  },
  {
    name: 'the quote card’s quantity table prices each quantity and tier as the server does, and chooses one',
    async run(ctx) {
      const page = await ctx.newPage();
      // A new visitor: the first test left its quote (in express) in the cookies.
      await page.context().clearCookies();
      try {
        await dropFile(ctx, page, fixture('cube.stl'));
        await waitForServerPrice(page);
        const table = page.locator('[data-testid=quantity-table]');
        await table.locator('summary', { hasText: 'Prix selon la quantité et le délai' }).click();
        const quantities = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.dataset.testid.replace('quantity-', ''))));
        if (quantities.join(',') !== '1,5,10,25,50,100') throw new Error(`quantities shown: ${quantities}`);
        const own = table.locator('[data-testid=quantity-1]');
        if ((await own.getAttribute('aria-current')) !== 'true' || !plain(await own.innerText()).includes('(votre quantité)')) throw new Error('the visitor’s quantity is not marked');
        /** A row's standard and express line and part prices as shown, in cents, and its text. */
        const cents = (text) => Math.round(Number(plain(text).replace(/[^\d,]/g, '').replace(',', '.')) * 100);
        const row = async (q) => {
          const r = table.locator(`[data-testid=quantity-${q}]`);
          const [std, exp] = await r.locator('[data-testid=tier-cell]').all();
          const read = async (cell) => ({ line: cents(await cell.locator('.quantity-line').innerText()), part: cents(await cell.locator('.quantity-part').innerText()) });
          return { text: plain(await r.innerText()), standard: await read(std), express: await read(exp) };
        };
        const server = await serverPrice(page, 0);
        const one = await row(1);
        if (one.standard.line !== server.body.prix.line_cents) throw new Error(`quantity 1 shows ${one.standard.line} cents, the server's line is ${server.body.prix.line_cents}`);
        // The catalog's breaks (10 and 50 parts) lower the price of a part there, and the table says so.
        const five = await row(5);
        const ten = await row(10);
        const fifty = await row(50);
        if (!(ten.standard.part < five.standard.part && ten.text.includes('↓') && ten.text.includes('−10 %') && fifty.standard.part < ten.standard.part && fifty.text.includes('−25 %')))
          throw new Error(`no drop marked at the breaks: 5 « ${five.text} », 10 « ${ten.text} », 50 « ${fifty.text} »`);
        if (five.text.includes('↓')) throw new Error(`a drop marked where the price does not drop: ${five.text}`);
        if (!(ten.express.line > ten.standard.line)) throw new Error(`express is not dearer than standard at 10: ${ten.text}`);
        await ctx.screenshot(page, 'devis-quantites');

        // A quantity's button sets the quote to it: the card and the server price 10 parts as the table did.
        await table.getByRole('button', { name: 'Choisir 10 pièces' }).click();
        await page.locator('[data-testid=line-price]', { hasText: euros.format(ten.standard.line / 100) }).waitFor();
        await page.locator('[data-testid=server-state]', { hasText: euros.format(ten.standard.line / 100) }).waitFor({ timeout: 75_000 });
        const after = await serverPrice(page, 0);
        if (after.body.prix.quantity !== 10 || after.body.prix.line_cents !== ten.standard.line)
          throw new Error(`the server prices ${after.body.prix.quantity} parts at ${after.body.prix.line_cents} cents, the table said ${ten.standard.line}`);
        if ((await table.locator('[data-testid=quantity-10]').getAttribute('aria-current')) !== 'true') throw new Error('the chosen quantity is not marked');
      } finally {
        await page.context().clearCookies();
      }
    },
  },
  {
    name: 'the basket, the checkout and the paid order show the server’s ship dates',
    async run(ctx) {
      const admin = await adminClient(ctx);
      const page = await ctx.newPage();
      await customerWithBasket(ctx, page, 'dates');
      await ctx.goto(page, '/compte/panier');
      const lines = await proxyCall(page, 'ComptePiece');
      if (lines.status !== 200 || lines.body.length !== 1 || !lines.body[0].expedition) throw new Error(`ComptePiece: ${JSON.stringify(lines.body)}`);
      const lineDate = lines.body[0].expedition;
      await expectDate(page.locator('[data-testid=cart-line-ship]'), lineDate, 'Expédition prévue le', 'basket line');
      await expectDate(page.locator('[data-testid=cart-ship]'), lineDate, 'Expédition prévue le', 'basket');
      await ctx.screenshot(page, 'panier-date-expedition');

      await page.locator('[data-testid=cart-line-status]').filter({ hasText: /Analysée|Validée/ }).waitFor();
      await page.getByRole('link', { name: 'Passer la commande' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout');
      await createAddressInPlace(page);
      const choice = await page.evaluate(() => ({
        idAdresseLivraison: JSON.parse(localStorage.getItem('adresseLivraison')),
        idAdresseFacturation: JSON.parse(localStorage.getItem('adresseFacturation')),
      }));
      const recap = await proxyCall(page, 'Commande/Recapitulatif', 'POST', choice);
      const ship = recap.body.expedition;
      if (recap.status !== 200 || !ship?.livraison) throw new Error(`Recapitulatif: ${recap.status} ${JSON.stringify(recap.body)}`);
      if (ship.expedition !== lineDate) throw new Error(`checkout ships ${ship.expedition}, the basket ${lineDate}`);
      await expectDate(page.locator('[data-testid=checkout-ship]'), ship.expedition, 'Expédition prévue le', 'checkout');
      const delivery = plain(await page.locator('[data-testid=checkout-delivery]').innerText());
      if (ship.livraison.zone !== 'france' || !delivery.startsWith('Livraison en France ') || !delivery.endsWith(french(ship.livraison.au)))
        throw new Error(`checkout delivery "${delivery}", the server's ${JSON.stringify(ship.livraison)}`);
      await ctx.screenshot(page, 'checkout-date-expedition');

      await page.locator('label[for=cgv]').click();
      await page.getByRole('button', { name: 'Commander et payer par virement' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
      const [placed] = (await proxyCall(page, 'Commande/mes-commandes')).body;
      if (placed.expedition !== null) throw new Error(`an unpaid order already has a ship date: ${placed.expedition}`);
      // Unpaid, it says the date it would have if paid now (the checkout's), fixed at the transfer.
      const ifPaid = placed.expedition_si_paiement;
      if (ifPaid?.expedition !== ship.expedition) throw new Error(`unpaid order's date if paid now: ${JSON.stringify(ifPaid)}, the checkout said ${ship.expedition}`);
      const pending = page.locator('[data-testid=order-ship-pending]');
      await expectDate(pending, ifPaid.expedition, 'Payée aujourd’hui, la commande serait expédiée le', 'unpaid order');
      if (!plain(await pending.innerText()).endsWith('la date sera fixée à la réception de votre virement.')) throw new Error(`unpaid order: "${await pending.innerText()}"`);
      await ctx.screenshot(page, 'confirmation-date-en-attente');

      const paid = await admin.proxy(`Commande/${placed.id_commande}/statut`, 'PUT', { statut: 'payée', note: 'Virement reçu' });
      if (paid.status !== 200) throw new Error(`PUT statut payée: ${paid.status} ${JSON.stringify(paid.body)}`);
      const [after] = (await proxyCall(page, 'Commande/mes-commandes')).body;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(after.expedition ?? '')) throw new Error(`a paid order without its ship date: ${JSON.stringify(after.expedition)}`);
      await ctx.goto(page, '/compte/historique-commande');
      const card = page.locator('[data-testid=order]', { hasText: placed.numero });
      await card.locator('[data-testid=order-status]', { hasText: 'payée' }).waitFor();
      await expectDate(card.locator('[data-testid=order-ship]'), after.expedition, 'Expédition prévue le', 'order history');
      // With the delivery range to its zone, from the carrier's days in the catalog.
      const range = after.livraison_estimee;
      if (range?.zone !== 'france' || !(range.du > after.expedition) || !(range.au >= range.du)) throw new Error(`paid order's delivery range: ${JSON.stringify(range)}`);
      const orderDelivery = card.locator('[data-testid=order-delivery]');
      if ((await orderDelivery.getAttribute('data-au')) !== range.au || !plain(await orderDelivery.innerText()).endsWith(french(range.au)))
        throw new Error(`order history delivery "${await orderDelivery.innerText()}", the server's ${JSON.stringify(range)}`);
      await ctx.goto(page, `/checkout/confirmation?commande=${placed.id_commande}`);
      await expectDate(page.locator('[data-testid=order-ship]'), after.expedition, 'Expédition prévue le', 'order confirmation');
      await ctx.screenshot(page, 'commande-date-expedition');
      journey.order = { id: placed.id_commande, numero: placed.numero, expedition: after.expedition };
    },
  },
  {
    name: 'the admin’s order page and list show the ship date, sort by it, and say « En retard » once it has passed',
    async run(ctx) {
      if (!journey.order) throw new Error('the paid order of the previous test is missing');
      const { id, numero, expedition } = journey.order;
      const admin = await adminClient(ctx);
      const page = await ctx.newPage();
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await expectAvatar(page);
      await ctx.goto(page, `/compte/admin/commande/${id}`);
      await expectDate(page.locator('[data-testid=order-ship]'), expedition, 'Expédition prévue le', 'admin order page');
      if ((await page.locator('[data-testid=order-late]').count()) !== 0) throw new Error('an order on time is shown late');

      // The ship date passed and the order not shipped: the server says it is late.
      const past = '2026-01-05';
      ctx.sql(`UPDATE orders SET ship_date = '${past}' WHERE id = ${id}`);
      try {
        const seen = await admin.proxy(`Commande/${id}`);
        if (seen.body.en_retard !== true || seen.body.expedition !== past) throw new Error(`Commande/${id}: ${JSON.stringify({ en_retard: seen.body.en_retard, expedition: seen.body.expedition })}`);
        await page.reload();
        const late = page.locator('[data-testid=order-late]');
        await late.waitFor();
        if (plain(await late.innerText()) !== 'En retard') throw new Error(`late order says "${await late.innerText()}"`);
        const colour = await late.evaluate((el) => getComputedStyle(el).color);
        if (colour !== 'rgb(185, 28, 28)') throw new Error(`« En retard » is ${colour}, not red`);
        await ctx.screenshot(page, 'admin-commande-en-retard');

        // The list, sorted by ship date from its own control: the server's order, late ones marked.
        await ctx.goto(page, '/compte/admin/commande');
        await page.locator('[data-testid=order-link]').first().waitFor();
        await page.locator('.p-dropdown', { has: page.locator('#order-sort') }).click();
        await page.getByRole('option', { name: 'Date d’expédition, la plus proche d’abord' }).click();
        await page.waitForURL((u) => u.searchParams.get('tri') === 'expedition');
        const server = await admin.proxy('Commande?tri=expedition');
        const want = server.body.items.map((o) => o.numero);
        const dates = server.body.items.map((o) => o.expedition);
        const sorted = [...dates].sort((a, b) => (a === null) - (b === null) || (a ?? '').localeCompare(b ?? ''));
        if (JSON.stringify(dates) !== JSON.stringify(sorted)) throw new Error(`the server's list is not by ship date: ${dates}`);
        if (want[0] !== numero) throw new Error(`the late order is not first: ${want}`);
        const links = page.locator('[data-testid=order-link]');
        // The newest order is first in both orders: wait for the whole sorted list, not its head.
        let shown = [];
        for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((r) => setTimeout(r, 250))) {
          shown = await links.allInnerTexts();
          if (JSON.stringify(shown) === JSON.stringify(want)) break;
        }
        if (JSON.stringify(shown) !== JSON.stringify(want)) throw new Error(`list shows ${shown}, the server sorts ${want}`);
        const row = page.locator('tr', { has: page.locator('[data-testid=order-link]', { hasText: numero }) });
        await expectDate(row.locator('[data-testid=order-ship]'), past, '', 'admin list');
        await row.locator('[data-testid=order-late]', { hasText: 'En retard' }).waitFor();
        const lateRows = await page.locator('[data-testid=order-late]').count();
        const lateServer = server.body.items.filter((o) => o.en_retard).length;
        if (lateRows !== lateServer) throw new Error(`${lateRows} rows say « En retard », the server ${lateServer}`);
        await ctx.screenshot(page, 'admin-commandes-par-expedition');
      } finally {
        ctx.sql(`UPDATE orders SET ship_date = '${expedition}' WHERE id = ${id}`);
      }
    },
  },
  {
    name: 'the home page, a process page, the post-treatments and the FAQ say the catalog’s lead times, and follow the admin’s change',
    async run(ctx) {
      const admin = await adminClient(ctx);
      const current = await admin.proxy('Admin/Catalogue');
      if (current.status !== 200) throw new Error(`GET Admin/Catalogue: ${current.status}`);
      const saved = current.body.catalogue;
      // A version with other days: 9 standard, 4 express, and SLM with its own 13-day standard tier.
      const changed = structuredClone(saved);
      changed.lead_time_days = 9;
      changed.express = { ...changed.express, lead_time_days: 4 };
      const slm = changed.processes.find((p) => p.code === 'SLM');
      slm.lead_times = [{ mode: 'standard', lead_time_days: 13, factor_percent: 100 }];
      // Polishing adds two working days.
      changed.post_treatments.find((t) => t.index === 0).lead_time_days = 2;
      const put = await admin.proxy('Admin/Catalogue', 'POST', { version_base: current.body.version, catalogue: changed });
      if (put.status !== 200 && put.status !== 201) throw new Error(`POST Admin/Catalogue: ${put.status} ${JSON.stringify(put.body)}`);
      try {
        const page = await ctx.newPage();
        await ctx.goto(page, '/');
        const figure = page.locator('[data-testid=standard-lead-time] strong');
        await figure.filter({ hasText: /^9\s+à\s+13\s+j$/ }).waitFor();
        await ctx.expectText(page, 'Fabrication en 9 à 13 jours ouvrés (4 en express)');
        if ((await page.content()).includes('7 jours ouvrés')) throw new Error('the home page still says 7 jours ouvrés');
        await ctx.screenshot(page, 'accueil-delais-catalogue');

        await ctx.goto(page, '/impression_3D?index=3');
        const row = page.locator('.spec-table tr', { hasText: 'Délai' });
        await row.filter({ hasText: '13 jours ouvrés en standard, 4 jours ouvrés en express' }).waitFor();
        await ctx.goto(page, '/impression_3D?index=0');
        await row.filter({ hasText: '9 jours ouvrés en standard, 4 jours ouvrés en express' }).waitFor();

        // The post-treatment pages say the days each adds, as the quote counts them.
        await ctx.goto(page, '/post_traitement?index=0');
        await page.locator('.spec-table tr', { hasText: 'Délai ajouté' }).filter({ hasText: '2 jours ouvrés, ajoutés à la date d’expédition' }).waitFor();
        await ctx.goto(page, '/post_traitement?index=1');
        await page.locator('.spec-table tr', { hasText: 'Délai ajouté' }).filter({ hasText: 'Aucun : la date d’expédition reste celle du procédé' }).waitFor();

        await ctx.goto(page, '/aide');
        await page.locator('#faq-search').fill('délais de fabrication');
        const question = page.getByRole('button', { name: /Quels sont les délais de fabrication/ });
        if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
        const answer = 'Comptez 9 jours ouvrés en standard, 4 jours ouvrés en express pour SLA, SLS et MJF ; 13 jours ouvrés en standard, 4 jours ouvrés en express pour SLM.';
        const content = page.locator('.p-accordion-content', { hasText: 'Comptez 9 jours ouvrés' });
        await content.waitFor();
        const said = plain(await content.innerText());
        if (!said.includes(answer)) throw new Error(`the FAQ says "${said}"`);
        await ctx.screenshot(page, 'faq-delais-catalogue');
      } finally {
        // The catalog as it was, for the other tests.
        const now = await admin.proxy('Admin/Catalogue');
        const back = await admin.proxy('Admin/Catalogue', 'POST', { version_base: now.body.version, catalogue: saved });
        if (back.status !== 200 && back.status !== 201) console.error(`# restoring the catalog: ${back.status} ${JSON.stringify(back.body)}`);
      }
    },
  },
];
