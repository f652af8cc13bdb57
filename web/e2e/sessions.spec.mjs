// « Mes sessions » in /compte/parametrage (issue 22, finding 10): a customer signed in on two
// browsers sees both, this one marked « Cet appareil »; « Déconnecter » ends the other, whose
// next page asks to sign in again.
import { expectAvatar, expectToast, freshEmail, signIn, signUpViaUi } from './support/flows.mjs';

export default [
  {
    name: 'a customer sees the other browser in « Mes sessions » and signs it out',
    async run(ctx) {
      const desk = await ctx.newPage();
      const email = freshEmail('sessions');
      await signUpViaUi(ctx, desk, { email, prenom: 'Inès', nom: 'Garnier' });
      const other = await ctx.newPage();
      await signIn(ctx, other, email);
      await expectAvatar(other, 'I');

      await ctx.goto(desk, '/compte/parametrage');
      const rows = desk.locator('[data-testid=session-row]');
      await rows.nth(1).waitFor();
      if ((await rows.count()) !== 2) throw new Error(`${await rows.count()} sessions listed, expected 2`);
      await ctx.expectText(desk, 'Cet appareil');
      await ctx.expectText(desk, 'sur Linux');
      await ctx.screenshot(desk, 'mes-sessions');

      await desk.getByRole('button', { name: /^Déconnecter la session/ }).click();
      await expectToast(desk, 'Session fermée');
      await desk.waitForFunction(() => document.querySelectorAll('[data-testid=session-row]').length === 1, null, { timeout: 15_000 });

      // The other browser is signed out: its account pages send it to the sign-in page.
      await ctx.goto(other, '/compte/parametrage');
      await other.waitForURL((u) => u.pathname === '/connexion_compte', { timeout: 15_000 });
      // This browser stays signed in.
      await desk.reload({ waitUntil: 'domcontentloaded' });
      await expectAvatar(desk, 'I');
    },
  },
];
