// « Mes sessions » in /compte/parametrage (issue 22, finding 10): a customer also signed in on
// another computer (a session of its own, outside this browser, with Firefox on Windows) sees
// both sessions, this one marked « Cet appareil »; « Déconnecter » ends the other, which is then
// refused (419), while this browser stays signed in.
import { accountClient } from './support/admin-client.mjs';
import { expectAvatar, expectToast, freshEmail, PASSWORD, signUpViaUi } from './support/flows.mjs';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

export default [
  {
    name: 'a customer sees the other computer in « Mes sessions » and signs it out',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('sessions');
      await signUpViaUi(ctx, page, { email, prenom: 'Inès', nom: 'Garnier' });
      const other = await accountClient(ctx, { email, password: PASSWORD, userAgent: FIREFOX_WINDOWS });
      if ((await other.proxy('Comptes/me')).status !== 200) throw new Error('the other computer is not signed in');

      await ctx.goto(page, '/compte/parametrage');
      const rows = page.locator('[data-testid=session-row]');
      await rows.nth(1).waitFor();
      if ((await rows.count()) !== 2) throw new Error(`${await rows.count()} sessions listed, expected 2`);
      await ctx.expectText(page, 'Cet appareil');
      await ctx.expectText(page, 'Firefox sur Windows');
      await page.locator('#sessions').scrollIntoViewIfNeeded();
      await ctx.screenshot(page, 'mes-sessions');

      await page.getByRole('button', { name: /^Déconnecter la session Firefox sur Windows/ }).click();
      await expectToast(page, 'Session fermée');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=session-row]').length === 1, null, { timeout: 15_000 });

      const after = await other.proxy('Comptes/me');
      if (after.status !== 419) throw new Error(`the other computer's session answered ${after.status}, not 419`);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expectAvatar(page, 'I');
    },
  },
];
