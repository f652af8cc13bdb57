// The review of a part from the basket: a customer asks a technician to check a part with a
// message, sees it "À vérifier" with the request and cannot order it; an admin finds it in
// Pieces/ForReview (searched by the customer's e-mail) and validates it with a comment (PUT Pieces/status); the customer is e-mailed,
// sees "Validée" and the comment, and the line can be ordered again.
import { adminClient } from './support/admin-client.mjs';
import { customerWithBasket } from './support/commerce.mjs';
import { expectToast } from './support/flows.mjs';
import { proxyCall } from './support/quote.mjs';

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function firstLine(page) {
  const api = await proxyCall(page, 'ComptePiece');
  if (api.status !== 200 || api.body.length !== 1) throw new Error(`GET ComptePiece: ${api.status} ${JSON.stringify(api.body)}`);
  return api.body[0];
}

export default [
  {
    name: 'a customer asks for a review with a message from the basket, sees the status, and an admin validates it',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = await customerWithBasket(ctx, page, 'revue');
      await ctx.goto(page, '/compte/panier');
      const line = page.locator('[data-testid=cart-line]').filter({ hasText: 'cube.stl' });
      await line.locator('.p-tag', { hasText: 'Analysée' }).waitFor();

      await line.getByRole('button', { name: 'Demander une vérification' }).click();
      const dialog = page.locator('.p-dialog');
      const message = 'Les perçages de 3 mm tiendront-ils ?';
      await dialog.locator('textarea').fill(message);
      await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
      await expectToast(page, 'Vérification demandée');
      await dialog.waitFor({ state: 'hidden' });
      await line.locator('.p-tag', { hasText: 'À vérifier' }).waitFor();
      await line.locator('[data-testid=cart-line-request]', { hasText: 'Les perçages de 3 mm tiendront-ils' }).waitFor();
      await ctx.expectText(page, 'attend la vérification d’un technicien');
      const asked = await firstLine(page);
      if (asked.id_statut !== 2 || asked.demande_client !== message || asked.commandable !== false) {
        throw new Error(`after the request: ${JSON.stringify(asked)}`);
      }
      const part = await proxyCall(page, `Pieces/ById/${asked.Id_Piece}`);
      const by = part.body?.historique?.map((h) => h.par).join(',');
      if (part.status !== 200 || by !== 'analyse,client') throw new Error(`Pieces/ById: ${part.status} ${JSON.stringify(part.body)}`);
      await ctx.screenshot(page, 'panier-verification-demandee');

      const admin = await adminClient(ctx);
      // The queue is paged on the server, longest waiting first: the customer's e-mail finds
      // the part whatever other specs left waiting before it.
      const queue = await admin.proxy(`Pieces/ForReview?q=${encodeURIComponent(email)}`);
      const waiting = queue.body?.items?.find?.((p) => p.id === asked.Id_Piece);
      if (queue.status !== 200 || queue.body.total !== 1 || waiting?.client?.email !== email || waiting.demande_client !== message) {
        throw new Error(`Pieces/ForReview: ${queue.status} ${JSON.stringify(queue.body)}`);
      }
      const since = Date.now() - 1000;
      const comment = 'Perçages de 3 mm tenus, bonne impression.';
      const decided = await admin.proxy('Pieces/status', 'PUT', { Id_Piece: asked.Id_Piece, Id_Status: 3, commentaire: comment });
      if (decided.status !== 200 || decided.body.statut !== 'Validée') throw new Error(`PUT Pieces/status: ${decided.status} ${JSON.stringify(decided.body)}`);
      const mail = await ctx.waitForMail(new RegExp(`${escape(email)}[\\s\\S]*elle est validée`), since);
      if (!mail.includes(comment)) throw new Error(`the e-mail lacks the comment:\n${mail}`);

      await page.reload({ waitUntil: 'domcontentloaded' });
      await line.locator('.p-tag', { hasText: 'Validée' }).waitFor();
      await line.locator('[data-testid=cart-line-comment]', { hasText: 'Perçages de 3 mm tenus' }).waitFor();
      const validated = await firstLine(page);
      if (validated.commandable !== true) throw new Error(`after validation: ${JSON.stringify(validated)}`);
      await ctx.screenshot(page, 'panier-piece-validee');
    },
  },
];
