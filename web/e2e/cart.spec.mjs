// The basket: a customer drops a fixture STL on /devis_ligne, adds it to the basket, finds the line
// with the server's price on /compte/panier, changes the quantity (repriced by the server, totals
// HT / TVA / TTC follow), then removes it and sees the empty basket.
import { expectToast, freshEmail, signUpViaUi } from './support/flows.mjs';
import { dropFile, euros, fixture, proxyCall, waitForServerPrice } from './support/quote.mjs';

const text = async (locator) => (await locator.innerText()).trim();

async function expectTotals(page, ht) {
  const tva = Math.round((ht * 20) / 100);
  for (const [id, cents] of [['total-ht', ht], ['total-tva', tva], ['total-ttc', ht + tva]]) {
    const locator = page.locator(`[data-testid=${id}]`);
    await locator.filter({ hasText: euros.format(cents / 100) }).waitFor({ timeout: 10_000 }).catch(async () => {
      throw new Error(`${id} shows ${await text(locator)}, expected ${euros.format(cents / 100)}`);
    });
  }
}

export default [
  {
    name: 'a customer adds a dropped file to the basket, changes its quantity and removes it',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('panier'), prenom: 'Hugo', nom: 'Lefèvre' });
      await dropFile(ctx, page, fixture('cube.stl'));
      await waitForServerPrice(page);
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
      await page.getByRole('link', { name: 'Voir mon panier' }).click();
      await page.waitForURL((u) => u.pathname === '/compte/panier');

      const line = page.locator('[data-testid=cart-line]');
      await line.filter({ hasText: 'cube.stl' }).waitFor();
      if ((await line.count()) !== 1) throw new Error(`${await line.count()} lines in the basket`);
      const api = await proxyCall(page, 'ComptePiece');
      if (api.status !== 200 || api.body.length !== 1) throw new Error(`GET ComptePiece: ${api.status} ${JSON.stringify(api.body)}`);
      const first = api.body[0];
      const shown = await text(line.locator('[data-testid=cart-line-price]'));
      if (shown !== euros.format(first.prix / 100)) throw new Error(`line shows ${shown}, server says ${first.prix} cents`);
      await ctx.expectText(page, first.resume);
      await expectTotals(page, first.prix);
      await ctx.screenshot(page, 'panier-une-ligne');

      const quantity = page.getByRole('spinbutton', { name: 'Quantité de cube.stl' });
      await quantity.fill('10');
      await quantity.press('Enter');
      await ctx.expectText(page, 'Remise quantité\u00a0: −10\u00a0%');
      const repriced = await proxyCall(page, 'ComptePiece');
      const ten = repriced.body[0];
      if (ten.Quantite !== 10 || ten.prix === first.prix) throw new Error(`after the change: ${JSON.stringify(ten)}`);
      await line.locator('[data-testid=cart-line-price]', { hasText: euros.format(ten.prix / 100) }).waitFor();
      await expectTotals(page, ten.prix);
      await page.getByRole('button', { name: 'Augmenter la quantité de cube.stl' }).click();
      await page.waitForFunction(() => document.querySelector('input[aria-label="Quantité de cube.stl"]')?.value === '11');
      await line.locator('[data-testid=cart-line-price]').filter({ hasNotText: euros.format(ten.prix / 100) }).waitFor();
      const eleven = (await proxyCall(page, 'ComptePiece')).body[0];
      if (eleven.Quantite !== 11) throw new Error(`the + button saved ${eleven.Quantite}`);
      await expectTotals(page, eleven.prix);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await line.locator('[data-testid=cart-line-price]', { hasText: euros.format(eleven.prix / 100) }).waitFor();
      await ctx.screenshot(page, 'panier-quantite');

      await page.getByRole('button', { name: 'Retirer cube.stl du panier' }).click();
      await expectToast(page, 'Panier', '« cube.stl » a été retiré du panier.');
      await ctx.expectText(page, 'Votre panier est vide.');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await ctx.expectText(page, 'Votre panier est vide.');
      await ctx.screenshot(page, 'panier-vide');
    },
  },
  {
    name: 'a quantity outside 1 to 1000 is refused in French and not saved',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('quantite'), prenom: 'Zoé', nom: 'Perrin' });
      await dropFile(ctx, page, fixture('cube.stl'));
      await waitForServerPrice(page);
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Panier', '1 pièce ajoutée au panier.');
      await ctx.goto(page, '/compte/panier');
      const quantity = page.getByRole('spinbutton', { name: 'Quantité de cube.stl' });
      await quantity.fill('1001');
      await quantity.press('Enter');
      await ctx.expectText(page, 'Indiquez un nombre entier de 1 à 1000.');
      const api = await proxyCall(page, 'ComptePiece');
      if (api.body[0].Quantite !== 1) throw new Error(`quantity saved: ${api.body[0].Quantite}`);
      const refused = await proxyCall(page, 'ComptePiece', 'POST', { Id_Piece: api.body[0].Id_Piece, Quantite: 0 });
      if (refused.status !== 400) throw new Error(`POST Quantite 0 answered ${refused.status}`);
    },
  },
];
