// Shared steps of the commerce specs: a part in the basket, an address created in place on
// /checkout, the totals checked against the server's Recapitulatif, and PDF downloads.
import { expectToast, freshEmail, signUpViaUi } from './flows.mjs';
import { dropFile, euros, fixture, proxyCall, waitForServerPrice } from './quote.mjs';

/** A visitor quotes `cube.stl`, creates an account, finds the quote kept and adds it to the basket. */
export async function customerWithBasket(ctx, page, prefix) {
  const email = freshEmail(prefix);
  await dropFile(ctx, page, fixture('cube.stl'));
  await waitForServerPrice(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await ctx.expectText(page, 'Veuillez vous connecter pour ajouter au panier.');
  await signUpViaUi(ctx, page, { email, prenom: 'Inès', nom: 'Moreau' });
  await ctx.goto(page, '/devis_ligne');
  await ctx.expectText(page, 'cube.stl');
  await waitForServerPrice(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
  return email;
}

/**
 * A signed-in customer quotes `cube.stl`, adds it to the basket, goes from the basket to /checkout
 * and creates the delivery address there.
 */
export async function cubeToCheckout(ctx, page) {
  await dropFile(ctx, page, fixture('cube.stl'));
  await waitForServerPrice(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
  await ctx.goto(page, '/compte/panier');
  await page.locator('[data-testid=cart-line-status]').filter({ hasText: /Analysée|Validée/ }).first().waitFor();
  await page.getByRole('link', { name: 'Passer la commande' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await createAddressInPlace(page);
}

/** Creates the delivery address from /checkout's "Nouvelle adresse" dialog. */
export async function createAddressInPlace(page, { rue = '8 quai Saint-Antoine', codePostal = '69002', ville = 'Lyon' } = {}) {
  await page.getByRole('button', { name: 'Nouvelle adresse' }).first().click();
  const dialog = page.locator('.p-dialog');
  await dialog.locator('#address-prenom').waitFor();
  await dialog.locator('#address-prenom').fill('Inès');
  await dialog.locator('#address-nom').fill('Moreau');
  await dialog.locator('#address-rue').fill(rue);
  await dialog.locator('#address-codePostal').fill(codePostal);
  await dialog.locator('#address-ville').fill(ville);
  await dialog.getByRole('button', { name: 'Ajouter l’adresse' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.p-dropdown', { hasText: rue }).first().waitFor();
}

/** The totals shown on the page must be the server's, to the cent. */
export async function expectServerTotals(page, recap) {
  const expected = {
    'sous-total': recap.sous_total_cents,
    port: recap.frais_port_cents,
    'total-ht': recap.total_ht_cents,
    tva: recap.tva_cents,
    'total-ttc': recap.total_ttc_cents,
  };
  if (recap.remise_cents > 0) expected.remise = recap.remise_cents;
  for (const [id, cents] of Object.entries(expected)) {
    const locator = page.locator(`[data-testid=total-${id}]`);
    const want = id === 'port' && cents === 0 ? 'Offerts' : `${id === 'remise' ? '−' : ''}${euros.format(cents / 100)}`;
    await locator.filter({ hasText: want }).first().waitFor({ timeout: 10_000 }).catch(async () => {
      throw new Error(`total-${id} shows "${await locator.first().innerText().catch(() => '(absent)')}", server says ${want}`);
    });
  }
}

/** The Recapitulatif of the addresses and code kept by the checkout, straight from the server. */
export async function serverRecap(page) {
  const choice = await page.evaluate(() => ({
    idAdresseLivraison: JSON.parse(localStorage.getItem('adresseLivraison')),
    idAdresseFacturation: JSON.parse(localStorage.getItem('adresseFacturation')),
    codeReduction: JSON.parse(localStorage.getItem('reduction') ?? 'null') ?? undefined,
  }));
  const answer = await proxyCall(page, 'Commande/Recapitulatif', 'POST', choice);
  if (answer.status !== 200) throw new Error(`Recapitulatif answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** GETs a document with the page's session and checks that it is a PDF. */
export async function expectPdf(page, url) {
  const response = await page.request.get(new URL(url, page.url()).toString());
  const body = await response.body();
  if (response.status() !== 200) throw new Error(`${url} answered ${response.status()}`);
  if (!String(response.headers()['content-type']).startsWith('application/pdf')) throw new Error(`${url} is ${response.headers()['content-type']}`);
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${url} does not start with %PDF-`);
  return body;
}
