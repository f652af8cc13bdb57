// The buyer's own order reference (issue 23, part 3): at checkout a customer types a reference
// too long and reads why under the field (the order button stays off), then their purchase-order
// number, which the checkout's quote carries; they order and find it in their order history. The
// admin finds the order by that reference in the list, reads it on the order page and corrects it
// before the transfer arrives; the invoice then issued prints the corrected one.
import { adminClient } from './support/admin-client.mjs';
import { createAddressInPlace, expectPdf } from './support/commerce.mjs';
import { expectAvatar, expectToast, freshEmail, signIn, signOut, signUpViaUi } from './support/flows.mjs';
import { dropFile, fixture, waitForServerPrice } from './support/quote.mjs';

const stamp = Date.now().toString(36).toUpperCase();
const reference = `BC-2026/${stamp} Atelier Nord`;
const corrected = `BC-2026/${stamp}-B`;

/** Signs up first, then quotes `cube.stl` and puts it in the basket (signing up after the drop
 * restores the quote, whose browser price may be compared before it is analysed again). */
async function customerWithBasket(ctx, page) {
  const email = freshEmail('reference');
  await signUpViaUi(ctx, page, { email, prenom: 'Inès', nom: 'Moreau' });
  await dropFile(ctx, page, fixture('cube.stl'));
  await waitForServerPrice(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
  return email;
}

async function toCheckout(ctx, page) {
  await ctx.goto(page, '/compte/panier');
  await page.locator('[data-testid=cart-line-status]').filter({ hasText: /Analysée|Validée/ }).first().waitFor();
  await page.getByRole('link', { name: 'Passer la commande' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await createAddressInPlace(page);
  await ctx.expectText(page, 'France métropolitaine');
}

export default [
  {
    name: 'a buyer types their purchase-order number at checkout and finds it in the order history; the admin finds, corrects it and the invoice prints it',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = await customerWithBasket(ctx, page);
      await toCheckout(ctx, page);
      const field = page.locator('#reference-commande');
      await page.getByText('Votre référence de commande (bon de commande)').waitFor();
      await page.locator('label[for=cgv]').click();
      const order = page.getByRole('button', { name: 'Commander et payer par virement' });
      await order.waitFor();

      await field.fill('X'.repeat(36));
      const error = page.locator('#reference-commande-error');
      await error.filter({ hasText: 'La référence de commande ne doit pas dépasser 35\u00a0caractères (vous en avez saisi 36).' }).waitFor();
      if ((await field.getAttribute('aria-describedby')) !== 'reference-commande-error') throw new Error('the field does not name its error');
      if (await order.isEnabled()) throw new Error('the order button is enabled with a refused reference');
      // A full-page screenshot of a scrolled page draws the sticky header over the form.
      const top = () => page.evaluate(() => window.scrollTo(0, 0));
      await top();
      await ctx.screenshot(page, 'reference-checkout-refus');

      await field.fill(`  ${reference} `);
      await error.waitFor({ state: 'detached' });
      const quoteUrl = await page.locator('[data-testid=checkout-quote-pdf]').getAttribute('data-url');
      const wanted = new URLSearchParams({ reference_commande_client: reference }).toString();
      if (!quoteUrl?.includes(wanted)) throw new Error(`the checkout quote does not carry the reference: ${quoteUrl}`);
      await top();
      await ctx.screenshot(page, 'reference-checkout');
      await order.click();
      await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
      const numero = (await page.locator('[data-testid=transfer-reference]').innerText()).trim();

      await ctx.goto(page, '/compte/historique-commande');
      const card = page.locator('[data-testid=order]', { hasText: numero });
      await card.locator('[data-testid=order-reference]', { hasText: reference }).waitFor();
      await ctx.screenshot(page, 'reference-historique');

      // The pages of a run share one browser profile: the admin signs in on the same page.
      await signOut(ctx, page);
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await expectAvatar(page);
      await ctx.goto(page, `/compte/admin/commande?q=${encodeURIComponent(reference.toLowerCase())}`);
      await page.locator('[data-testid=order-list-reference]', { hasText: reference }).waitFor();
      const rows = await page.locator('[data-testid=order-link]').allInnerTexts();
      if (rows.length !== 1 || rows[0].trim() !== numero) throw new Error(`searching the reference lists ${JSON.stringify(rows)}, not ${numero}`);
      await ctx.screenshot(page, 'reference-admin-liste');
      await page.locator('[data-testid=order-link]', { hasText: numero }).click();
      const shown = page.locator('[data-testid=admin-order-reference]');
      await shown.filter({ hasText: reference }).waitFor();
      await shown.getByRole('button', { name: 'Corriger' }).click();
      await page.fill('#admin-reference', 'X\tY');
      await page.locator('#admin-reference-error', { hasText: 'tabulation' }).waitFor();
      await page.fill('#admin-reference', corrected);
      await page.getByRole('button', { name: 'Enregistrer la référence' }).click();
      await expectToast(page, 'Référence enregistrée');
      await shown.filter({ hasText: corrected }).waitFor();
      await ctx.screenshot(page, 'reference-admin');

      const api = await adminClient(ctx);
      const id = (await api.proxy(`Commande?q=${encodeURIComponent(numero)}`)).body.items[0].id_commande;
      const paid = await api.proxy(`Commande/${id}/statut`, 'PUT', { statut: 'payée', note: 'Virement reçu' });
      if (paid.status !== 200) throw new Error(`PUT statut payée: ${paid.status} ${JSON.stringify(paid.body)}`);
      await page.reload();
      await shown.filter({ hasText: corrected }).waitFor();
      if (await shown.getByRole('button', { name: 'Corriger' }).count()) throw new Error('the reference is still editable once invoiced');

      await signOut(ctx, page);
      await signIn(ctx, page, email);
      await expectAvatar(page);
      await ctx.goto(page, '/compte/historique-commande');
      await card.locator('[data-testid=order-reference]', { hasText: corrected }).waitFor();
      const invoice = card.locator('[data-testid=invoice-link]');
      await invoice.filter({ hasText: /FA-\d{4}-\d{6}/ }).waitFor();
      // A Factur-X: the API test reads its text and XML; here the download is a PDF.
      await expectPdf(page, await invoice.getAttribute('href'));
    },
  },
];
