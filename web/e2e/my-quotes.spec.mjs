// « Mes devis » (issue 25, part 3): a customer downloads a quote from the basket, finds it in
// « Mes devis » from the account's navigation with its validity, totals and ship date as the
// server gives them, and downloads the same PDF again from there.
import { customerWithBasket } from './support/commerce.mjs';
import { euros, proxyCall } from './support/quote.mjs';

const plain = (s) => s.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ').trim();

export default [
  {
    name: 'a quote downloaded from the basket is listed in « Mes devis » and downloads again from there',
    async run(ctx) {
      const page = await ctx.newPage();
      await customerWithBasket(ctx, page, 'mesdevis');
      await ctx.goto(page, '/compte/panier');
      const download = page.waitForEvent('download');
      await page.locator('[data-testid=quote-pdf]').click();
      const name = (await download).suggestedFilename();
      const numero = name.replace(/\.pdf$/, '');
      if (!/^DE-\d{4}-\d{6}$/.test(numero)) throw new Error(`the quote download is named ${name}`);

      await page.getByRole('navigation', { name: 'Mon compte' }).getByRole('link', { name: 'Mes devis' }).click();
      await page.waitForURL((u) => u.pathname === '/compte/mes-devis');
      const row = page.locator(`[data-testid=my-quote][data-numero="${numero}"]`);
      await row.waitFor();
      const [listed] = (await proxyCall(page, 'Devis/mes-devis')).body;
      if (listed?.numero !== numero || !listed.valide) throw new Error(`Devis/mes-devis: ${JSON.stringify(listed)}`);
      const text = plain(await row.innerText());
      for (const want of [numero, 'jusqu’au', plain(euros.format(listed.total_ht_cents / 100)), plain(euros.format(listed.total_ttc_cents / 100))])
        if (!text.includes(want)) throw new Error(`the row "${text}" does not say ${want}`);
      if (!listed.expedition) throw new Error('a new quote without its ship date');
      await ctx.screenshot(page, 'mes-devis');

      const again = page.waitForEvent('download');
      await row.getByRole('link', { name: `PDF du devis ${numero}` }).click();
      const second = (await again).suggestedFilename();
      if (second !== name) throw new Error(`« Mes devis » downloads ${second}, the basket gave ${name}`);
    },
  },
];
