// Two-factor set-up with the QR code's secret, then sign-in with a TOTP code and with a backup code.
import { codeFromOutbox, expectAvatar, expectSignedOut, expectToast, freshEmail, PASSWORD, signIn, signOut, signUpViaUi } from './support/flows.mjs';
import { totp } from './support/totp.mjs';

export default [
  {
    name: 'two-factor is set up, then sign-in asks for a code or takes a backup code',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('deuxfacteurs');
      await signUpViaUi(ctx, page, { email, prenom: 'Hugo', nom: 'Petit' });
      await ctx.goto(page, '/compte/parametrage');
      await page.getByRole('button', { name: 'Activer la double authentification' }).click();
      const secret = (await page.locator('[data-testid="totp-secret"]').innerText()).trim();
      await page.locator('img[alt^="QR code"]').waitFor();
      await ctx.screenshot(page, 'deux-facteurs-qr');
      await page.fill('#totp-code', totp(secret));
      await page.getByRole('button', { name: 'Activer', exact: true }).click();
      await page.locator('[data-testid="backup-codes"] code').first().waitFor();
      const codes = (await page.locator('[data-testid="backup-codes"] code').allInnerTexts()).map((c) => c.trim());
      if (codes.length !== 10) throw new Error(`${codes.length} backup codes shown`);
      await ctx.screenshot(page, 'deux-facteurs-codes');
      await page.getByRole('button', { name: 'J’ai mis mes codes en lieu sûr' }).click();
      await signOut(ctx, page);

      // The step used to enable is spent: use the next one, inside the server's tolerance.
      await signIn(ctx, page, email, PASSWORD);
      await page.waitForURL((u) => u.pathname === '/verify-2fa');
      await page.fill('#code', '000000' === totp(secret, 1) ? '111111' : '000000');
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await page.locator('.form-error').waitFor();
      await page.fill('#code', totp(secret, 1));
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await expectAvatar(page, 'H');
      await signOut(ctx, page);

      await signIn(ctx, page, email, PASSWORD);
      await page.waitForURL((u) => u.pathname === '/verify-2fa');
      await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
      await page.fill('#code', 'AAAA-AAAA');
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await ctx.expectText(page, 'Code de secours invalide');
      await page.fill('#code', codes[0]);
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await expectAvatar(page, 'H');
      await signOut(ctx, page);

      // A backup code is single-use.
      await signIn(ctx, page, email, PASSWORD);
      await page.waitForURL((u) => u.pathname === '/verify-2fa');
      await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
      await page.fill('#code', codes[0]);
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await ctx.expectText(page, 'Code de secours invalide');
      await expectSignedOut(page);
    },
  },
  {
    name: 'with two-factor on, the e-mail change takes an authenticator code instead of the password',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('changement');
      const next = freshEmail('nouvelle');
      await signUpViaUi(ctx, page, { email, prenom: 'Inès', nom: 'Roux' });
      await ctx.goto(page, '/compte/parametrage');
      await page.getByRole('button', { name: 'Activer la double authentification' }).click();
      const secret = (await page.locator('[data-testid="totp-secret"]').innerText()).trim();
      await page.fill('#totp-code', totp(secret));
      await page.getByRole('button', { name: 'Activer', exact: true }).click();
      await page.getByRole('button', { name: 'J’ai mis mes codes en lieu sûr' }).click();

      await page.getByRole('button', { name: 'Changer d’adresse' }).click();
      await page.fill('#new-email', next);
      await page.getByRole('button', { name: 'Code de double authentification' }).click();
      if (await page.locator('#email-password').count()) throw new Error('the password field is still shown');
      await page.fill('#email-2fa-code', '000000' === totp(secret, 1) ? '111111' : '000000');
      await page.getByRole('button', { name: 'Recevoir un code' }).click();
      await ctx.expectText(page, 'Code de double authentification invalide.');
      const since = Date.now() - 1000;
      await page.fill('#email-2fa-code', totp(secret, 1));
      await ctx.screenshot(page, 'changement-adresse-code-2fa');
      await page.getByRole('button', { name: 'Recevoir un code' }).click();
      await page.locator('#code').waitFor();
      await page.fill('#code', await codeFromOutbox(ctx, next, since));
      await page.getByRole('button', { name: 'Valider le code' }).click();
      await expectToast(page, 'Adresse modifiée', `Votre adresse est désormais ${next}.`);
      await ctx.expectText(page, next);
    },
  },
];
