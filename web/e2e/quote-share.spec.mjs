// Saved quotes a buyer can forward (issue 25, part 3): from « Mes devis » a customer makes a
// read-only link and sends the quote to its purchasing department; the e-mail carries the PDF and
// a link that someone without an account opens (lines, totals, the PDF); a revoked link opens
// nothing; « Commander ce devis » puts it in the basket at its prices. axe audits the dialog, the
// basket and the shared page.
import { axeAudit } from './support/axe.mjs';
import { customerWithBasket, expectPdf } from './support/commerce.mjs';
import { euros, proxyCall } from './support/quote.mjs';

const plain = (s) => s.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ').trim();

export default [
  {
    name: 'a quote shared from « Mes devis » opens signed out from the purchasing e-mail, and a revoked link opens nothing',
    timeoutMs: 180_000,
    async run(ctx) {
      const audit = axeAudit();
      const page = await ctx.newPage();
      await customerWithBasket(ctx, page, 'partage');
      await ctx.goto(page, '/compte/panier');
      const download = page.waitForEvent('download');
      await page.locator('[data-testid=quote-pdf]').click();
      const numero = (await download).suggestedFilename().replace(/\.pdf$/, '');

      await ctx.goto(page, '/compte/mes-devis');
      const row = page.locator(`[data-testid=my-quote][data-numero="${numero}"]`);
      await row.waitFor();
      await row.getByRole('button', { name: `Partager le devis ${numero}` }).click();
      const dialog = page.getByRole('dialog', { name: `Partager le devis ${numero}` });
      await dialog.waitFor();
      await dialog.locator('[data-testid=no-links]').waitFor();

      // A link to copy, shown once, then listed without it.
      await dialog.getByRole('button', { name: 'Créer un lien' }).click();
      const field = dialog.locator('#share-link');
      await field.waitFor();
      const copied = await field.inputValue();
      if (!/\/devis\/partage\/[A-Za-z0-9_-]{43}$/.test(copied)) throw new Error(`the link made is ${copied}`);
      await dialog.locator('[data-testid=quote-link]').first().waitFor();
      await audit.check(page, 'partage: lien créé');

      // « Envoyer au service achats »: a wrong address is refused in French before anything is sent.
      await dialog.locator('#forward-email').fill('achats@');
      await dialog.getByRole('button', { name: 'Envoyer le devis' }).click();
      await dialog.locator('#forward-email-error').waitFor();
      await audit.check(page, 'partage: adresse refusée');
      const to = `achats-${Date.now()}@client.fr`;
      const since = Date.now() - 1000;
      await dialog.locator('#forward-email').fill(to);
      await dialog.locator('#forward-message').fill('Merci de valider avant vendredi.');
      await dialog.getByRole('button', { name: 'Envoyer le devis' }).click();
      await dialog.locator('[data-testid=forward-sent]').waitFor();
      await ctx.expectText(page, `Devis envoyé à ${to}`);
      await dialog.locator('[data-testid=quote-link]').filter({ hasText: to }).waitFor();
      await ctx.screenshot(page, 'devis-partage-dialogue');
      const mail = await ctx.waitForMail(new RegExp(to.replace(/[.]/g, '\\.')), since);
      for (const want of [numero, 'Merci de valider avant vendredi.', `${numero}.pdf`])
        if (!mail.includes(want)) throw new Error(`the purchasing e-mail does not say ${want}:\n${mail.slice(0, 2000)}`);
      const mailed = mail.match(/https?:\/\/[^\s<>"]+\/devis\/partage\/[A-Za-z0-9_-]{43}/)?.[0];
      if (!mailed) throw new Error(`no share link in the purchasing e-mail:\n${mail.slice(0, 2000)}`);
      const mailedPath = new URL(mailed).pathname;

      // The copied link is revoked from the list: it no longer opens the quote.
      const copiedRow = dialog.locator('[data-testid=quote-link]').filter({ hasText: 'lien copié' });
      await copiedRow.getByRole('button', { name: /^Révoquer le lien/ }).click();
      await copiedRow.waitFor({ state: 'detached' });
      const [listed] = (await proxyCall(page, 'Devis/mes-devis')).body;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // « Commander ce devis »: its parts in the basket at its prices, and the basket says so.
      await row.getByRole('button', { name: `Commander ce devis ${numero}` }).click();
      await page.waitForURL((u) => u.pathname === '/compte/panier');
      const notice = page.locator('[data-testid=quote-order-notice]');
      await notice.waitFor();
      if (!plain(await notice.innerText()).includes(`dans votre panier aux prix du devis, valables jusqu’au`))
        throw new Error(`the basket says: ${await notice.innerText()}`);
      await page.locator('[data-testid=cart-line-quote]').filter({ hasText: `Prix du devis ${numero}` }).waitFor();
      await audit.check(page, 'panier commandé depuis un devis');
      await ctx.screenshot(page, 'devis-commande-panier');

      // Someone without an account opens the link of the e-mail: the quote read-only, its PDF.
      await page.context().clearCookies();
      const response = await ctx.goto(page, mailedPath);
      if (response?.status() !== 200) throw new Error(`${mailedPath} answered ${response?.status()}`);
      const shared = page.locator(`[data-testid=shared-quote][data-numero="${numero}"]`);
      await shared.waitFor();
      await ctx.expectTitle(page, `Devis ${numero}`);
      await ctx.expectText(page, 'Consultation en lecture seule');
      const lines = page.locator('[data-testid=shared-line]');
      if ((await lines.count()) !== 1) throw new Error(`the shared quote shows ${await lines.count()} lines`);
      if (!plain(await lines.first().innerText()).includes('cube.stl')) throw new Error('the shared line does not name cube.stl');
      const ttc = plain(await page.locator('[data-testid=shared-total-ttc]').innerText());
      if (ttc !== plain(euros.format(listed.total_ttc_cents / 100))) throw new Error(`the shared total is ${ttc}, « Mes devis » says ${listed.total_ttc_cents} cents`);
      await page.locator('[data-testid=shared-ship]').waitFor();
      await audit.check(page, 'devis partagé, visiteur');
      await ctx.screenshot(page, 'devis-partage-visiteur');
      const pdfHref = await page.locator('[data-testid=shared-pdf]').getAttribute('href');
      await expectPdf(page, pdfHref);

      await ctx.goto(page, new URL(copied).pathname);
      await page.locator('[data-testid=shared-error]').waitFor();
      await ctx.expectText(page, 'a été révoqué');
      await audit.check(page, 'devis partagé, lien révoqué');
      audit.expectClean();
    },
  },
];
