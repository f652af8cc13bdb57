// VAT of goods (issue 23): a German company whose VAT number the VIES stand-in
// (server/tests/vies_server.py, started by run.mjs as the server's VIES_URL) finds valid sees
// the number verified on its settings page, orders with delivery in Munich, sees 0 % VAT and the
// art. 262 ter I mention before paying, and finds the VIES consultation on its order; its
// invoice downloads once an admin records the transfer. Without the stand-in the spec says so.
import { adminClient } from './support/admin-client.mjs';
import { customerWithBasket, expectPdf, expectServerTotals, serverRecap } from './support/commerce.mjs';
import { proxyCall } from './support/quote.mjs';

const INTRA_EU = 'Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire';

export default [
  {
    name: 'a German company verified with VIES orders to Munich without VAT, with the 262 ter I mention',
    async run(ctx) {
      if (!ctx.vies) throw new Error('run.mjs did not start the VIES stand-in (server/tests/vies_server.py)');
      const page = await ctx.newPage();
      await customerWithBasket(ctx, page, 'vies');
      const created = await proxyCall(page, 'Adresses', 'POST', {
        idPays: 'de', ville: 'München', codePostal: '80331', rue: 'Musterstraße 1', complement: '',
        nom: 'Muster', prenom: 'Max', tel: '+49 89 1234567', nom_entreprise: 'Muster GmbH', numero_tva: 'DE123456789',
      });
      if (created.status !== 201) throw new Error(`POST Adresses: ${created.status} ${JSON.stringify(created.body)}`);
      if (created.body.entreprise?.vies?.statut !== 'valide') throw new Error(`VIES status ${JSON.stringify(created.body.entreprise)}`);

      await ctx.goto(page, '/compte/parametrage');
      await page.locator('[data-testid=vies-status]', { hasText: 'Numéro de TVA vérifié auprès de VIES le' }).waitFor();
      await ctx.screenshot(page, 'tva-parametres-vies');

      await ctx.goto(page, '/checkout');
      await ctx.expectText(page, 'Finaliser la commande');
      await page.locator('.p-dropdown', { hasText: 'Musterstraße 1' }).first().waitFor();
      const recap = await serverRecap(page);
      if (!recap.intracommunautaire || recap.tva_cents !== 0 || recap.tva_taux_bp !== 0) throw new Error(`recap ${JSON.stringify(recap)}`);
      await expectServerTotals(page, recap);
      await ctx.expectText(page, 'TVA (livraison intracommunautaire, exonérée)');
      await page.locator('[data-testid=vat-mention]', { hasText: INTRA_EU }).waitFor();
      if (await page.locator('[data-testid=vat-notice]').count()) throw new Error('a VIES notice is shown for a valid number');
      await ctx.screenshot(page, 'tva-checkout-intracommunautaire');

      await page.locator('label[for=cgv]').click();
      await page.getByRole('button', { name: 'Commander et payer par virement' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
      const orders = await proxyCall(page, 'Commande/mes-commandes');
      const [placed] = orders.body;
      if (!placed.intracommunautaire || placed.tva_cents !== 0) throw new Error(`order ${JSON.stringify(placed)}`);
      if (!/^Consultation VIES n°\u00a0WAPIAAAAZ\d+ du \d\d\/\d\d\/\d{4}$/.test(placed.consultation_vies ?? '')) throw new Error(`consultation ${placed.consultation_vies}`);

      const admin = await adminClient(ctx);
      const paid = await admin.proxy(`Commande/${placed.id_commande}/statut`, 'PUT', { statut: 'payée', note: 'Virement reçu' });
      if (paid.status < 200 || paid.status > 299) throw new Error(`PUT statut payée: ${paid.status} ${JSON.stringify(paid.body)}`);
      await ctx.goto(page, '/compte/historique-commande');
      const card = page.locator('[data-testid=order]', { hasText: placed.numero });
      await card.locator('[data-testid=order-status]', { hasText: 'payée' }).waitFor();
      await card.locator('[data-testid=order-vat]', { hasText: INTRA_EU }).waitFor();
      await card.locator('[data-testid=order-vat]', { hasText: 'Consultation VIES n°' }).waitFor();
      const invoice = card.locator('[data-testid=invoice-link]');
      await invoice.filter({ hasText: /FA-\d{4}-\d{6}/ }).waitFor();
      await expectPdf(page, await invoice.getAttribute('href'));
      await ctx.screenshot(page, 'tva-commande-intracommunautaire');
    },
  },
];
