// The customer's RGPD rights in /compte/parametrage (issue 26, part 3): « Télécharger mes
// données » asks for the export, which arrives by e-mail as a link to a ZIP; « Supprimer mon
// compte » refuses a wrong password in French, then closes the account with the right one: the
// browser is signed out, back home, and the account cannot sign in any more; an admin sees it
// « Supprimé le … » in the accounts list, without a button to reopen it.
import { expectSignedOut, expectToast, freshEmail, PASSWORD, signIn, signUpViaUi } from './support/flows.mjs';

export default [
  {
    name: 'a customer downloads their data from the settings page through the e-mailed link',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('export');
      await signUpViaUi(ctx, page, { email, prenom: 'Élodie', nom: 'Perrin' });
      await ctx.goto(page, '/compte/parametrage');
      const since = Date.now() - 1000;
      await page.getByRole('button', { name: 'Télécharger mes données' }).click();
      await expectToast(page, 'Export demandé', 'valable 24 heures');
      const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const mail = await ctx.waitForMail(new RegExp(`To:[^\\n]*${escaped}[\\s\\S]*api/donnees/`, 'i'), since);
      const token = mail.match(/\/api\/donnees\/([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error('no link in the export mail');
      const res = await page.request.get(ctx.url(`/api/donnees/${token}`));
      if (res.status() !== 200) throw new Error(`the link answered ${res.status()}`);
      const zip = await res.body();
      if (zip.subarray(0, 2).toString('latin1') !== 'PK') throw new Error('the link did not give a ZIP');
      if (!zip.includes(Buffer.from('donnees/compte.json'))) throw new Error('compte.json missing from the ZIP');
      if (!zip.includes(Buffer.from('donnees/connexions.json'))) throw new Error('connexions.json missing from the ZIP');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await ctx.expectText(page, 'Votre export est prêt');
      await page.locator('#mes-donnees').scrollIntoViewIfNeeded();
      await ctx.screenshot(page, 'mes-donnees');
    },
  },
  {
    name: 'a customer deletes their account from the settings page with their password',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('suppression');
      await signUpViaUi(ctx, page, { email, prenom: 'Gaspard', nom: 'Lemoine' });
      const id = ctx.sql(`SELECT id FROM accounts WHERE email = '${email}'`);
      await ctx.goto(page, '/compte/parametrage');
      await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
      await page.fill('#delete-password', 'pas-le-bon-mot-de-passe');
      await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
      await ctx.expectText(page, 'Mot de passe incorrect.');
      await page.locator('#suppression').scrollIntoViewIfNeeded();
      await ctx.screenshot(page, 'suppression-mot-de-passe-faux');

      await page.fill('#delete-password', PASSWORD);
      await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
      await expectToast(page, 'Compte supprimé', 'dix ans');
      await page.waitForURL((u) => u.pathname === '/');
      await expectSignedOut(page);
      await ctx.screenshot(page, 'suppression-faite');

      // The account is gone: signing in with it fails.
      await ctx.goto(page, '/connexion_compte');
      await page.fill('#email', email);
      await page.fill('#password', PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await ctx.expectText(page, 'incorrect');
      const closed = ctx.sql(`SELECT COUNT(*) FROM accounts WHERE email = '${email}'`);
      if (closed !== '0') throw new Error(`the e-mail still names ${closed} account(s)`);

      // An admin sees the account closed, with nothing to reopen it.
      if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password);
      await page.waitForURL((u) => u.pathname !== '/connexion_compte');
      const closedEmail = `compte-supprime-${id}@compte-ferme.invalid`;
      await ctx.goto(page, `/compte/admin/account?q=${encodeURIComponent(closedEmail)}`);
      const row = page.locator('tr', { hasText: closedEmail });
      await row.getByText('Supprimé le').waitFor();
      if ((await row.getByRole('button', { name: /Réactiver|Désactiver/ }).count()) !== 0) throw new Error('a closed account offers a button');
      await ctx.screenshot(page, 'suppression-vue-admin');
    },
  },
];
