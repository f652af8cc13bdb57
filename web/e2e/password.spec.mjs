// Password change from /compte/parametrage: a wrong current password is refused inline in French,
// the right one changes it; after signing out, only the new password signs in.
import { expectAvatar, expectToast, freshEmail, PASSWORD, signIn, signOut, signUpViaUi } from './support/flows.mjs';

const NEW_PASSWORD = 'Fabriquer-en-2027';

export default [
  {
    name: 'a customer changes the password, signs out and signs in with the new one',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('motdepasse');
      await signUpViaUi(ctx, page, { email, prenom: 'Maëlle', nom: 'Fontaine' });
      await ctx.goto(page, '/compte/parametrage');
      await page.locator('#current-password').waitFor();

      await page.fill('#current-password', PASSWORD);
      await page.fill('#new-password', 'court1');
      await page.fill('#confirm-password', 'court2');
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await ctx.expectText(page, 'Le mot de passe doit contenir au moins 10 caractères.');
      await ctx.expectText(page, 'Les deux mots de passe ne sont pas identiques.');

      await page.fill('#current-password', 'pas-le-bon-2026');
      await page.fill('#new-password', NEW_PASSWORD);
      await page.fill('#confirm-password', NEW_PASSWORD);
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await ctx.expectText(page, 'Mot de passe actuel incorrect.');
      await ctx.screenshot(page, 'mot-de-passe-incorrect');

      await page.fill('#current-password', PASSWORD);
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await expectToast(page, 'Mot de passe modifié', 'Votre mot de passe a été modifié.');
      if ((await page.inputValue('#current-password')) !== '') throw new Error('the form kept the old password');
      await ctx.screenshot(page, 'mot-de-passe-modifie');

      // This session stays signed in after the change.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expectAvatar(page, 'M');
      await signOut(ctx, page);
      await signIn(ctx, page, email, PASSWORD);
      await ctx.expectText(page, 'Adresse e-mail ou mot de passe incorrect.');
      await signIn(ctx, page, email, NEW_PASSWORD);
      await expectAvatar(page, 'M');
    },
  },
];
