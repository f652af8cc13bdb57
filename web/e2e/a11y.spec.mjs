// Accessibility (issue 26, RGAA 4.1 / WCAG 2.1 AA): axe-core's WCAG 2.1 A and AA rules find no
// violation on the quote page, empty, with a priced file, with a refused file (its toast) and
// asking to sign in.
import { axeAudit } from './support/axe.mjs';
import { expectToast } from './support/flows.mjs';
import { dropFile, fixture, waitForServerPrice } from './support/quote.mjs';

export default [
  {
    name: 'axe finds no violation on the quote page, empty, with a priced file and a refused one',
    async run(ctx) {
      const audit = axeAudit();
      const page = await ctx.newPage();
      await ctx.goto(page, '/devis_ligne');
      await page.waitForFunction(() => !document.querySelector('[data-testid=drop-zone] button')?.disabled);
      await audit.check(page, 'devis vide');
      await dropFile(ctx, page, fixture('cube.stl'));
      await waitForServerPrice(page);
      await audit.check(page, 'devis avec un fichier');
      await page.setInputFiles('[data-testid=file-input]', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas un modèle') });
      await expectToast(page, 'Fichier refusé');
      await audit.check(page, 'fichier refusé');
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await ctx.expectText(page, 'Veuillez vous connecter pour ajouter au panier.');
      await audit.check(page, 'devis: connexion demandée');
      audit.expectClean();
    },
  },
];
