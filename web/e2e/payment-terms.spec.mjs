// Payment terms for approved companies (issue 25, part 4): a company asks for « paiement à
// 30 jours » in its settings, the admin grants it with a credit limit, the company orders
// « virement à 30 jours » (made at once, invoiced with its due date), the reminders job sends its
// reminder once the invoice is late (`server relances --au`, as a cron would, at a later instant),
// and the admin records the transfer received from the list of invoices to pay; an order whose
// ship date has passed shows the customer its revised date.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cubeToCheckout } from './support/commerce.mjs';
import { expectAvatar, expectToast, freshEmail, signIn, signOut, signUpViaUi } from './support/flows.mjs';
import { proxyCall } from './support/quote.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverBin = resolve(repoRoot, process.env.SERVER_BIN ?? 'target/debug/server');
const ACCOUNTS = 'compta@atelier-moreau.fr';

/** `server relances --au INSTANT` on the run's data folder: the reminders due then. */
function runReminders(ctx, at) {
  const env = { ...process.env, DATA_DIR: ctx.dataDir, RUST_LOG: 'warn' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const result = spawnSync(serverBin, ['relances', '--au', at], { env, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`server relances: ${result.status} ${result.stderr}`);
  return result.stdout;
}

async function confirm(page) {
  await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Confirmer' }).click();
}

export default [
  {
    name: 'a company on payment terms orders unpaid, gets its reminder when late, and the admin settles it',
    timeoutMs: 240_000,
    async run(ctx) {
      if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
      const page = await ctx.newPage();
      const email = freshEmail('terme');
      await signUpViaUi(ctx, page, { email, prenom: 'Inès', nom: 'Moreau' });

      // The request, from the settings: a wrong SIREN is said under its field.
      await ctx.goto(page, '/compte/parametrage');
      const form = page.getByRole('form', { name: 'Demande de paiement à 30 jours' });
      await form.getByLabel("Nom de l'entreprise").fill('Atelier Moreau');
      await form.getByLabel('SIREN').fill('732 829 321');
      await form.getByLabel('E-mail du service comptable').fill(ACCOUNTS);
      await form.getByRole('button', { name: 'Demander le paiement à 30 jours' }).click();
      await ctx.expectText(page, 'Le numéro SIREN doit comporter 9');
      await form.getByLabel('SIREN').fill('732 829 320');
      await form.getByRole('button', { name: 'Demander le paiement à 30 jours' }).click();
      await page.locator('[data-testid=terms-state]', { hasText: 'Demande envoyée' }).waitFor();
      await signOut(ctx, page);

      // The admin grants 5 000 € from « Paiement à 30 jours ».
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await expectAvatar(page);
      await ctx.goto(page, '/compte/admin/paiement-terme');
      const row = page.locator('[data-testid=terms-requests] tr', { hasText: 'Atelier Moreau' });
      await row.getByText('À étudier').waitFor();
      await row.getByRole('button', { name: 'Décider' }).click();
      const dialog = page.locator('.p-dialog');
      await dialog.getByLabel('Encours autorisé (€ TTC)').fill('5000');
      await dialog.getByRole('button', { name: 'Accorder' }).click();
      await expectToast(page, 'Paiement à 30 jours accordé');
      await row.getByText('Accordé').waitFor();
      await ctx.screenshot(page, 'admin-paiement-terme-demandes');
      const granted = await ctx.waitForMail(/Paiement à 30 jours accordé|encours autorisé de 5/);
      if (!granted.includes('Atelier Moreau')) throw new Error(`granted e-mail: ${granted.slice(0, 400)}`);
      await signOut(ctx, page);

      // The terms of sale state the late-payment rate the invoices and reminders apply (one setting).
      await ctx.goto(page, '/conditions_vente');
      await ctx.expectText(page, 'pénalités au taux annuel de 10');

      // The company orders « virement à 30 jours »: made at once, invoiced, due in 30 days.
      await signIn(ctx, page, email);
      await expectAvatar(page, 'I');
      await ctx.goto(page, '/compte/parametrage');
      await page.locator('[data-testid=terms-available]', { hasText: '5' }).waitFor();
      await cubeToCheckout(ctx, page);
      await ctx.expectText(page, 'France métropolitaine');
      await page.locator('[data-testid=terms-option]', { hasText: 'Encours encore disponible' }).waitFor();
      await page.locator('label[for=paiement-terme]').click();
      // On terms the ship date is fixed at ordering, not at payment.
      await page.locator('[data-testid=checkout-ship-hint]', { hasText: 'fixée à la commande' }).waitFor();
      await page.locator('label[for=cgv]').click();
      await ctx.screenshot(page, 'checkout-virement-30-jours');
      await page.getByRole('button', { name: 'Commander (virement à 30 jours)' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/confirmation');
      const terms = page.locator('[data-testid=order-terms]');
      await terms.waitFor();
      if ((await terms.getAttribute('data-state')) !== 'a-regler') throw new Error(`terms: ${await terms.innerText()}`);
      await page.locator('[data-testid=order-ship]').waitFor();
      await ctx.screenshot(page, 'confirmation-virement-30-jours');
      const [order] = (await proxyCall(page, 'Commande/mes-commandes')).body;
      if (order.mode_paiement !== 'virement_30_jours' || !order.facture || !order.echeance) throw new Error(`order: ${JSON.stringify(order)}`);
      const invoice = order.facture.numero;
      if (!(await terms.innerText()).includes(invoice)) throw new Error(`the confirmation does not name ${invoice}`);
      await ctx.waitForMail(new RegExp(`Facture ${invoice}|facture ${invoice}`));
      await signOut(ctx, page);

      // Two days after the due date the reminders job sends the day-1 reminder, once.
      const due = new Date(`${order.echeance}T09:00:00+01:00`);
      const late = new Date(due.getTime() + 2 * 86_400_000).toISOString();
      const out = runReminders(ctx, late);
      if (!out.includes(`${invoice} (j1)`)) throw new Error(`relances: ${out}`);
      if (!runReminders(ctx, late).includes('0 relance(s)')) throw new Error('a reminder was sent twice');
      const reminder = await ctx.waitForMail(new RegExp(`${invoice}[\\s\\S]*jour[s]? de retard`));
      if (!/40\s€/.test(reminder.replaceAll('\u00a0', ' '))) throw new Error(`reminder without the 40 € indemnity: ${reminder.slice(0, 600)}`);

      // The admin's list of invoices to pay names the reminder; « Virement reçu » settles it.
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await expectAvatar(page);
      await ctx.goto(page, '/compte/admin/paiement-terme');
      const open = page.locator('[data-testid=open-invoices] tr', { hasText: invoice });
      await open.getByText('J+1').waitFor();
      await ctx.screenshot(page, 'admin-factures-a-regler');
      await open.getByRole('button', { name: 'Virement reçu' }).click();
      await confirm(page);
      await expectToast(page, 'Virement reçu');
      await open.waitFor({ state: 'detached' });
      await signOut(ctx, page);

      await signIn(ctx, page, email);
      await expectAvatar(page, 'I');
      await ctx.goto(page, '/compte/historique-commande');
      await page.locator('[data-testid=order-terms][data-state=reglee]', { hasText: invoice }).waitFor();
      await ctx.screenshot(page, 'historique-facture-reglee');

      // Once its ship date has passed unshipped, the customer sees the date revised.
      ctx.sql(`UPDATE orders SET ship_date = '2026-01-05' WHERE numero = '${order.numero}'`);
      await ctx.goto(page, '/compte/historique-commande');
      const revised = page.locator('[data-testid=order-ship-late]');
      await revised.waitFor();
      if (!(await revised.innerText()).includes('au plus tôt le')) throw new Error(`late: ${await revised.innerText()}`);
      await ctx.screenshot(page, 'historique-expedition-retardee');
    },
  },
];
