// « Commander à nouveau » (issue 25, part 3): from the order history a customer puts an earlier
// order's parts back in the basket with the same options and quantities, at today's prices; the
// basket says the prices did not change, and after the admin raises the rates it says by how much
// each line changed, with the server's amounts.
import { adminClient } from './support/admin-client.mjs';
import { cubeToCheckout } from './support/commerce.mjs';
import { freshEmail, signUpViaUi } from './support/flows.mjs';
import { euros, proxyCall } from './support/quote.mjs';

/** Text as read: ordinary spaces. */
const plain = (s) => s.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ').trim();

async function reorderFromHistory(ctx, page, numero) {
  await ctx.goto(page, '/compte/historique-commande');
  const card = page.locator('[data-testid=order]', { hasText: numero });
  await card.getByRole('button', { name: `Commander à nouveau les pièces de la commande ${numero}` }).click();
  await page.waitForURL((u) => u.pathname === '/compte/panier');
  const notice = page.locator('[data-testid=reorder-notice]');
  await notice.waitFor();
  return notice;
}

export default [
  {
    name: 'a customer orders an earlier order again from the history, and the basket says what changed',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('recommande'), prenom: 'Inès', nom: 'Moreau' });
      await cubeToCheckout(ctx, page);
      await page.locator('label[for=cgv]').click();
      await page.getByRole('button', { name: 'Commander et payer par virement' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
      const [order] = (await proxyCall(page, 'Commande/mes-commandes')).body;
      const [ordered] = order.lignes;
      const basketAfterOrder = (await proxyCall(page, 'ComptePiece')).body;
      if (basketAfterOrder.length !== 0) throw new Error(`the order did not empty the basket: ${JSON.stringify(basketAfterOrder)}`);

      // Same catalog: the part is back, same quantity and options, and the prices did not change.
      let notice = await reorderFromHistory(ctx, page, order.numero);
      await notice.filter({ hasText: `La pièce de la commande ${order.numero} est dans votre panier` }).waitFor();
      if (!plain(await notice.innerText()).includes('Les prix n’ont pas changé depuis la commande.')) throw new Error(`notice: ${await notice.innerText()}`);
      const lines = (await proxyCall(page, 'ComptePiece')).body;
      if (lines.length !== 1 || lines[0].Id_Piece !== ordered.Id_Piece || lines[0].Quantite !== ordered.Quantite || lines[0].prix !== ordered.total_ht_cents)
        throw new Error(`basket after reorder: ${JSON.stringify(lines)}, ordered ${JSON.stringify(ordered)}`);
      await page.locator('[data-testid=cart-line-status]').first().waitFor();
      await ctx.screenshot(page, 'panier-recommande');

      // The admin doubles the materials' rates and minimum prices: ordering again says the line's old and new totals.
      const admin = await adminClient(ctx);
      const current = await admin.proxy('Admin/Catalogue');
      if (current.status !== 200) throw new Error(`GET Admin/Catalogue: ${current.status}`);
      const saved = current.body.catalogue;
      const changed = structuredClone(saved);
      // Every material's rate and minimum part price double, whichever process the quote chose
      // (a small part costs the minimum).
      for (const m of changed.processes.flatMap((p) => p.materials)) {
        if (typeof m.material_rate_cents_per_cm3 === 'number') m.material_rate_cents_per_cm3 *= 2;
        if (typeof m.minimum_part_price_cents === 'number') m.minimum_part_price_cents *= 2;
      }
      const put = await admin.proxy('Admin/Catalogue', 'POST', { version_base: current.body.version, catalogue: changed });
      if (put.status !== 200 && put.status !== 201) throw new Error(`POST Admin/Catalogue: ${put.status} ${JSON.stringify(put.body)}`);
      try {
        notice = await reorderFromHistory(ctx, page, order.numero);
        const [now] = (await proxyCall(page, 'ComptePiece')).body;
        if (!(now.prix > ordered.total_ht_cents)) throw new Error(`the basket did not take today's price: ${now.prix} vs ${ordered.total_ht_cents}`);
        const want = `${ordered.designation} (${ordered.Quantite} pièce${ordered.Quantite > 1 ? 's' : ''}) : ${euros.format(ordered.total_ht_cents / 100)} HT à la commande, ${euros.format(now.prix / 100)} HT aujourd’hui (en hausse)`;
        await notice.locator('li').first().waitFor();
        const said = plain(await notice.locator('li').first().innerText());
        if (said !== plain(want)) throw new Error(`the notice says "${said}", expected "${plain(want)}"`);
        await ctx.screenshot(page, 'panier-recommande-prix-change');
      } finally {
        const now = await admin.proxy('Admin/Catalogue');
        const back = await admin.proxy('Admin/Catalogue', 'POST', { version_base: now.body.version, catalogue: saved });
        if (back.status !== 200 && back.status !== 201) console.error(`# restoring the catalog: ${back.status} ${JSON.stringify(back.body)}`);
      }
    },
  },
];
