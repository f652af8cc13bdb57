// Password change from /compte/parametrage: an 11-character password is refused by the form, a
// common one (breached lists) by the server, both in French, while the strength meter rates what
// is typed; a wrong current password is refused inline, the right one changes it; after signing
// out, only the new password signs in.
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
      await page.fill('#new-password', 'onze-signes');
      await page.fill('#confirm-password', 'onze-signez');
      await ctx.expectText(page, 'Solidité du mot de passe : trop court (11 caractères sur 12 au moins)');
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await ctx.expectText(page, 'Le mot de passe doit contenir au moins 12 caractères.');
      await ctx.expectText(page, 'Les deux mots de passe ne sont pas identiques.');

      // Twelve characters, but among the most common breached passwords: the server refuses it.
      await page.fill('#new-password', 'Password1234');
      await page.fill('#confirm-password', 'Password1234');
      await ctx.expectText(page, 'Solidité du mot de passe : faible');
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await ctx.expectText(page, 'Ce mot de passe est trop courant');
      await ctx.screenshot(page, 'mot-de-passe-courant');

      await page.fill('#new-password', NEW_PASSWORD);
      await ctx.expectText(page, 'Solidité du mot de passe : ');
      await ctx.screenshot(page, 'mot-de-passe-jauge');

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
