// Two-factor set-up with the QR code's secret, then sign-in with a TOTP code and with a backup code.
import { expectAvatar, expectSignedOut, freshEmail, PASSWORD, signIn, signOut, signUpViaUi } from './support/flows.mjs';
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
];
