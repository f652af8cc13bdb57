// A session that expired on the server: the next API call answers 419, the app signs out,
// clears the session's local storage and goes to /?action=expiration with its toast.
import { expectSignedOut, expectToast, freshEmail, signUpViaUi } from './support/flows.mjs';

export default [
  {
    name: 'a 419 leads to /?action=expiration with the expiry toast',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('expiration');
      await signUpViaUi(ctx, page, { email, prenom: 'Lou', nom: 'Garnier' });
      await ctx.goto(page, '/compte/parametrage');
      await page.locator('#identity-prenom').waitFor();
      await page.evaluate(() => {
        for (const key of ['adresseFacturation', 'adresseLivraison', 'clientSecret', 'piecesData', 'reduction', 'autre']) {
          localStorage.setItem(key, 'x');
        }
      });
      const id = ctx.sql(`SELECT id FROM accounts WHERE email = '${email}'`);
      ctx.sql(`UPDATE sessions SET expires_at = 1 WHERE account_id = ${Number(id)}`);

      if (process.env.E2E_DEBUG) {
        page.on('request', (r) => console.log('     >', r.method(), r.url(), r.isNavigationRequest() ? '(navigation)' : ''));
        page.on('response', (r) => console.log('     <', r.status(), r.url()));
      }
      await page.fill('#identity-prenom', 'Louise');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('action') === 'expiration');
      await expectToast(page, 'Session expirée', 'Veuillez vous reconnecter.');
      await expectSignedOut(page);
      const left = await page.evaluate(() => Object.keys(localStorage).sort());
      if (left.join(',') !== 'autre') throw new Error(`local storage after expiry: ${left.join(',')}`);
      // Nothing may move the visitor on afterwards (a guard, a late query).
      await page.waitForTimeout(1500);
      const after = new URL(page.url());
      if (after.pathname !== '/' || after.searchParams.get('action') !== 'expiration') throw new Error(`moved on to ${page.url()}`);
      await ctx.screenshot(page, 'session-expiree');
    },
  },
];
