// Issue 22, finding 10: an admin acts as one only with its second factor on. A customer promoted
// by an admin (no second factor yet) signs in again: it lands on the admin home, which shows the
// two-factor set-up; the admin pages lead back there; once it is on and the backup codes are put
// away, the admin home opens.
import { adminClient } from './support/admin-client.mjs';
import { expectAvatar, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';
import { totp } from './support/totp.mjs';

export default [
  {
    name: 'a promoted admin without its second factor is taken to its set-up, then reaches the admin pages',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('nouvel.admin');
      await signUpViaUi(ctx, page, { email, prenom: 'Inès', nom: 'Garnier' });
      const admin = await adminClient(ctx);
      const list = await admin.proxy('Comptes');
      if (list.status !== 200) throw new Error(`GET Comptes answered ${list.status}`);
      const account = list.body.find((a) => a.email === email);
      if (!account) throw new Error(`${email} is not in the list of accounts`);
      const promoted = await admin.proxy('Comptes', 'PUT', { id: account.id, role: 'admin' });
      if (promoted.status !== 200) throw new Error(`PUT Comptes answered ${promoted.status}: ${JSON.stringify(promoted.body)}`);

      // The role change ended its session: it signs in again and lands on its set-up.
      await signIn(ctx, page, email);
      await page.waitForURL((u) => u.pathname === '/compte/admin-home');
      await page.getByRole('heading', { name: 'Double authentification requise' }).waitFor();
      await ctx.screenshot(page, 'admin-deux-facteurs-requis');
      await ctx.goto(page, '/compte/admin/commande');
      await page.waitForURL((u) => u.pathname === '/compte/admin-home');
      await page.getByRole('heading', { name: 'Double authentification requise' }).waitFor();

      await page.getByRole('button', { name: 'Activer la double authentification' }).click();
      const secret = (await page.locator('[data-testid="totp-secret"]').innerText()).trim();
      await page.fill('#totp-code', totp(secret));
      await page.getByRole('button', { name: 'Activer', exact: true }).click();
      await page.locator('[data-testid="backup-codes"] code').first().waitFor();
      // The codes stay on screen until put away, though the session now has its second factor.
      await page.waitForTimeout(500);
      await page.locator('[data-testid="backup-codes"] code').first().waitFor();
      await page.getByRole('button', { name: 'J’ai mis mes codes en lieu sûr' }).click();
      await ctx.expectText(page, 'Mode maintenance');
      await ctx.goto(page, '/compte/admin/commande');
      await page.waitForURL((u) => u.pathname === '/compte/admin/commande');
      await expectAvatar(page);
      await ctx.screenshot(page, 'admin-deux-facteurs-actives');
    },
  },
];
