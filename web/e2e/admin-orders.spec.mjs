// The admin runs orders, invoices and discounts from the admin pages (issue 11): creates a code in
// the form (the server's French refusal shown first); a customer orders twice by bank transfer, the
// first time with that code; the admin finds the first order by its number, marks "Virement reçu"
// (the invoice appears), sees the code's use, ships the order with a tracking number that the
// customer then reads in the order history; the second order is paid then cancelled from the
// invoices page with a reason, and its credit note appears and downloads; the admin downloads the
// accountant's exports of the day (FEC, intra-EU statement, archive). The specs share the
// journey's state and run in this order.
import { createAddressInPlace, expectPdf } from './support/commerce.mjs';
import { expectAvatar, expectToast, freshEmail, signIn, signOut, signUpViaUi } from './support/flows.mjs';
import { dropFile, fixture, waitForServerPrice } from './support/quote.mjs';

const journey = { code: `ADM${Date.now().toString(36).toUpperCase()}`, email: null, orders: [], invoices: [] };

async function asAdmin(ctx, page) {
  if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
  await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
  await expectAvatar(page);
}

/** Quotes `cube.stl` signed in and puts it in the basket. (Signing up first keeps clear of the
 * quote restored after sign-up, whose browser price can be compared before the browser has
 * analysed the file again: "Prix recalculé" on a loaded machine.) */
async function addCubeToBasket(ctx, page, { clearQuote = false } = {}) {
  if (clearQuote) {
    // The quote kept from the first order: removed, so that the new drop is the only entry.
    await ctx.goto(page, '/devis_ligne');
    const remove = page.getByRole('button', { name: 'Retirer cube.stl du devis' });
    await remove.waitFor();
    await remove.click();
    await remove.waitFor({ state: 'detached' });
  }
  await dropFile(ctx, page, fixture('cube.stl'));
  await waitForServerPrice(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
}

async function confirm(page) {
  await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Confirmer' }).click();
}

/** Orders the basket by transfer from /checkout (the first address is chosen); returns the number. */
async function orderBasket(ctx, page, { newAddress, code }) {
  await ctx.goto(page, '/compte/panier');
  await page.locator('[data-testid=cart-line-status]').filter({ hasText: /Analysée|Validée/ }).first().waitFor();
  await page.getByRole('link', { name: 'Passer la commande' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  if (newAddress) await createAddressInPlace(page);
  await ctx.expectText(page, 'France métropolitaine');
  if (code) {
    await page.fill('#code-reduction', code);
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.locator('[data-testid=discount-applied]', { hasText: code }).waitFor();
  }
  await page.locator('label[for=cgv]').click();
  await page.getByRole('button', { name: 'Commander et payer par virement' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
  return (await page.locator('[data-testid=transfer-reference]').innerText()).trim();
}

/** The admin's page of the order `numero`, reached from the list's search. */
async function openOrder(ctx, page, numero, shot) {
  await ctx.goto(page, '/compte/admin/commande');
  await page.fill('#order-search', numero);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.waitForURL((u) => u.searchParams.get('q') === numero);
  // The previous page stays shown while the search loads: wait for the search's own rows.
  const rows = page.locator('[data-testid=order-link]');
  await page
    .waitForFunction((n) => {
      const links = [...document.querySelectorAll('[data-testid=order-link]')];
      return links.length === 1 && links[0].textContent.trim() === n;
    }, numero, { timeout: 10_000 })
    .catch(async () => {
      throw new Error(`search ${numero}: rows ${JSON.stringify(await rows.allInnerTexts())}`);
    });
  if (shot) await ctx.screenshot(page, shot);
  await rows.first().click();
  await page.waitForURL((u) => /^\/compte\/admin\/commande\/\d+$/.test(u.pathname));
  await ctx.expectText(page, `Commande ${numero}`);
}

export default [
  {
    name: 'the admin creates a discount code in the form, after the server refuses an unknown account',
    async run(ctx) {
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await ctx.goto(page, '/compte/admin/reduction');
      await page.getByRole('button', { name: 'Nouveau code' }).click();
      const form = page.locator('[data-testid=discount-form]');
      await form.locator('#discount-code').fill(journey.code.toLowerCase());
      await form.locator('#discount-valeur').pressSequentially('10');
      await form.locator('#discount-max-compte').pressSequentially('1');
      await form.locator('#discount-description').fill('Remise de bienvenue');
      await form.locator('#discount-compte').fill('personne-inconnue@exemple.fr');
      await form.getByRole('button', { name: 'Créer le code' }).click();
      await form.locator('.form-error', { hasText: 'personne-inconnue@exemple.fr' }).filter({ hasText: 'Aucun compte' }).waitFor();
      await ctx.screenshot(page, 'admin-reduction-refus');
      await form.locator('#discount-compte').fill('');
      await form.getByRole('button', { name: 'Créer le code' }).click();
      await expectToast(page, 'Code enregistré', journey.code);
      const row = page.locator('tr', { has: page.locator('[data-testid=discount-code]', { hasText: journey.code }) });
      await row.getByText('10\u00a0%').waitFor();
      await row.getByText('1 par compte').waitFor();
      await ctx.screenshot(page, 'admin-reduction');
    },
  },
  {
    name: 'a customer orders twice by bank transfer, the first time with the code',
    async run(ctx) {
      const page = await ctx.newPage();
      journey.email = freshEmail('admin-commande');
      await signUpViaUi(ctx, page, { email: journey.email, prenom: 'Inès', nom: 'Moreau' });
      await addCubeToBasket(ctx, page);
      journey.orders.push(await orderBasket(ctx, page, { newAddress: true, code: journey.code }));
      await addCubeToBasket(ctx, page, { clearQuote: true });
      journey.orders.push(await orderBasket(ctx, page, { newAddress: false }));
      if (journey.orders.some((n) => !/^CO-\d{4}-\d{6}$/.test(n)) || journey.orders[0] === journey.orders[1]) {
        throw new Error(`order numbers ${JSON.stringify(journey.orders)}`);
      }
    },
  },
  {
    name: 'the admin finds the order by number, marks the transfer received, the invoice appears and the code shows its use',
    async run(ctx) {
      const [numero] = journey.orders;
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await ctx.goto(page, '/compte/admin/commande');
      await page.locator('[data-testid=order-link]', { hasText: journey.orders[1] }).waitFor();
      await ctx.screenshot(page, 'admin-commandes');
      await openOrder(ctx, page, numero, 'admin-commandes-recherche');
      await page.locator('[data-testid=order-status]', { hasText: 'en attente de paiement' }).waitFor();
      await ctx.expectText(page, `Remise (${journey.code})`);
      await ctx.screenshot(page, 'admin-commande-attente');
      await page.getByRole('button', { name: 'Virement reçu' }).click();
      await confirm(page);
      await expectToast(page, 'Virement reçu', 'Facture FA-');
      await page.locator('[data-testid=order-status]', { hasText: 'payée' }).waitFor();
      const invoice = page.locator('[data-testid=invoice-link]', { hasText: /FA-\d{4}-\d{6}/ });
      await invoice.waitFor();
      journey.invoices.push(/FA-\d{4}-\d{6}/.exec(await invoice.innerText())[0]);
      await expectPdf(page, await invoice.getAttribute('href'));
      await page.getByRole('button', { name: 'Lancer la production' }).waitFor();
      await ctx.screenshot(page, 'admin-commande-payee');

      await ctx.goto(page, '/compte/admin/reduction');
      await page.getByRole('button', { name: `Utilisations de ${journey.code}` }).click();
      const uses = page.locator('[data-testid=discount-uses]');
      await uses.getByRole('link', { name: numero }).waitFor();
      await uses.getByText(journey.email).waitFor();
      await ctx.screenshot(page, 'admin-reduction-utilisations');
    },
  },
  {
    name: 'the admin ships the order with a tracking number and the customer sees it in the order history',
    async run(ctx) {
      const [numero] = journey.orders;
      const tracking = `6A${Date.now().toString().slice(-9)}`;
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await openOrder(ctx, page, numero);
      await page.getByRole('button', { name: 'Lancer la production' }).click();
      await confirm(page);
      await page.locator('[data-testid=order-status]', { hasText: 'en production' }).waitFor();
      await page.getByRole('button', { name: 'Expédier' }).click();
      const form = page.locator('[data-testid=delivery-form]');
      await form.getByRole('button', { name: 'Enregistrer l’expédition' }).click();
      await form.getByText('Indiquez le numéro de suivi.').waitFor();
      await form.locator('#delivery-tracking').fill(tracking);
      await ctx.screenshot(page, 'admin-commande-expedition');
      await form.getByRole('button', { name: 'Enregistrer l’expédition' }).click();
      await expectToast(page, 'Commande expédiée', tracking);
      await page.locator('[data-testid=order-status]', { hasText: 'expédiée' }).waitFor();
      await page.locator('[data-testid=order-delivery]', { hasText: tracking }).waitFor();
      await page.locator('[data-testid=status-history]', { hasText: 'en production → expédiée' }).waitFor();
      await ctx.screenshot(page, 'admin-commande-expediee');
      await ctx.waitForMail(new RegExp(tracking));

      await signOut(ctx, page);
      await signIn(ctx, page, journey.email);
      await expectAvatar(page);
      await ctx.goto(page, '/compte/historique-commande');
      const card = page.locator('[data-testid=order]', { hasText: numero });
      await card.locator('[data-testid=order-status]', { hasText: 'expédiée' }).waitFor();
      const delivery = card.locator('[data-testid=order-delivery]', { hasText: tracking });
      await delivery.waitFor();
      const link = await delivery.locator('a').getAttribute('href');
      if (!link?.includes(tracking)) throw new Error(`tracking link ${link}`);
      await ctx.screenshot(page, 'client-historique-suivi');
    },
  },
  {
    name: 'the admin cancels a paid order from the invoices page with a reason and the credit note downloads',
    async run(ctx) {
      const numero = journey.orders[1];
      const reason = 'Pièce impossible à imprimer dans la matière choisie';
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await openOrder(ctx, page, numero);
      await page.getByRole('button', { name: 'Virement reçu' }).click();
      await confirm(page);
      await page.locator('[data-testid=invoice-link]', { hasText: /FA-/ }).waitFor();

      await ctx.goto(page, '/compte/admin/factures');
      await page.fill('#invoice-search', numero);
      await page.getByRole('button', { name: 'Rechercher' }).click();
      const invoiceRow = page.locator('tr', { has: page.locator('[data-testid=invoice-pdf]') }).filter({ hasText: numero });
      await invoiceRow.waitFor();
      await invoiceRow.getByRole('button', { name: 'Émettre un avoir' }).click();
      const form = page.locator('[data-testid=cancel-form]');
      await form.getByRole('button', { name: 'Annuler et émettre l’avoir' }).click();
      await form.getByText('Indiquez le motif de l’annulation.').waitFor();
      await form.locator('#cancel-reason').fill(reason);
      await form.getByRole('button', { name: 'Annuler et émettre l’avoir' }).click();
      await expectToast(page, 'Commande annulée', 'avoir AV-');
      const creditRow = page.locator('tr', { has: page.locator('[data-testid=credit-note-pdf]') }).filter({ hasText: numero });
      await creditRow.locator('[data-testid=credit-note-reason]', { hasText: reason }).waitFor();
      await invoiceRow.getByText(/Annulée par AV-\d{4}-\d{6}/).waitFor();
      if (await invoiceRow.getByRole('button', { name: 'Émettre un avoir' }).count()) throw new Error('a cancelled invoice still offers a credit note');
      await expectPdf(page, await creditRow.locator('[data-testid=credit-note-pdf]').getAttribute('href'));
      await ctx.screenshot(page, 'admin-factures-avoir');
      await page.getByRole('button', { name: 'Effacer' }).click();
      await page.waitForURL((u) => !u.searchParams.has('q'));
      await page.locator('[data-testid=invoice-pdf]').nth(1).waitFor();
      await ctx.screenshot(page, 'admin-factures');

      await page.locator('.p-dropdown', { has: page.locator('#invoice-type-filter') }).click();
      await page.getByRole('option', { name: 'Avoirs', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('type') === 'avoir');
      // Only credit notes once the filtered page has loaded.
      await page
        .waitForFunction(() => !document.querySelector('[data-testid=invoice-pdf]') && document.querySelector('[data-testid=credit-note-pdf]'), null, { timeout: 10_000 })
        .catch(async () => {
          throw new Error(`under "Avoirs": ${await page.locator('[data-testid=invoice-pdf]').count()} invoice(s)`);
        });
    },
  },
  {
    name: 'the admin downloads the FEC, the intra-EU statement and the archive of the day, a reversed period refused under its field',
    async run(ctx) {
      const page = await ctx.newPage();
      await asAdmin(ctx, page);
      await ctx.goto(page, '/compte/admin/factures');
      const exportsCard = page.locator('[data-testid=accounting-exports]');
      await exportsCard.waitFor();
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
      await exportsCard.locator('#export-du').fill(today);
      await exportsCard.locator('#export-au').fill('2020-01-01');
      await exportsCard.getByTestId('export-fec').click();
      await exportsCard.locator('#export-au-error', { hasText: 'Le dernier jour de la période précède le premier.' }).waitFor();
      await ctx.screenshot(page, 'admin-exports-refus');
      await exportsCard.locator('#export-au').fill(today);

      const save = async (testId) => {
        const [download] = await Promise.all([page.waitForEvent('download'), exportsCard.getByTestId(testId).click()]);
        const path = await download.path();
        const { readFileSync } = await import('node:fs');
        return { name: download.suggestedFilename(), bytes: readFileSync(path) };
      };
      const fec = await save('export-fec');
      const compact = today.replaceAll('-', '');
      if (fec.name !== `000000000FEC${compact}.txt`) throw new Error(`FEC named ${fec.name}`);
      const lines = fec.bytes.toString('utf8').trimEnd().split('\r\n');
      if (!lines[0].startsWith('JournalCode|JournalLib|EcritureNum|EcritureDate|')) throw new Error(`FEC header ${lines[0]}`);
      if (lines.some((l) => l.split('|').length !== 18)) throw new Error('a FEC line without its 18 columns');
      if (journey.invoices.length === 0) throw new Error('no invoice recorded by the journey');
      for (const numero of journey.invoices) if (!lines.some((l) => l.includes(numero))) throw new Error(`${numero} missing from the FEC`);
      if (!lines.some((l) => /\|AV-\d{4}-\d{6}\|/.test(l))) throw new Error('the credit note is missing from the FEC');
      await exportsCard.getByRole('status').getByText(`${fec.name} téléchargé.`).waitFor();

      await exportsCard.locator('#export-mois').fill(today.slice(0, 7));
      const csv = await save('export-intra-eu');
      if (!csv.name.startsWith(`etat-recapitulatif-clients-${today.slice(0, 7)}`)) throw new Error(`statement named ${csv.name}`);
      if (!csv.bytes.toString('utf8').includes('Numéro de TVA du client;Pays;Client;Montant HT (€)')) throw new Error('statement header');

      const zip = await save('export-archive');
      if (!zip.name.endsWith('.zip') || zip.bytes.subarray(0, 2).toString() !== 'PK') throw new Error(`archive ${zip.name}`);
      if (!zip.bytes.includes(Buffer.from('factures/FA-'))) throw new Error('no invoice in the archive');
      if (!zip.bytes.includes(Buffer.from('avoirs/AV-'))) throw new Error('no credit note in the archive');
      await ctx.screenshot(page, 'admin-exports');
    },
  },
];
