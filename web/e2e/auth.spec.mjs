// Sign-up with the e-mail code, sign-in, sign-out with its toast, and the account menu; addresses
// with a company (VAT number, SIREN) saved from the settings page.
import { expectAvatar, expectSignedOut, expectToast, freshEmail, PASSWORD, signIn, signOut, signUpViaUi } from './support/flows.mjs';

export default [
  {
    name: 'a visitor creates an account with the code from the outbox, signs out and signs in',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('inscription');
      await signUpViaUi(ctx, page, { email, prenom: 'Élodie', nom: 'Martin' });
      await ctx.screenshot(page, 'signed-up-home');

      await page.locator('.avatar-button').click();
      await ctx.expectText(page, 'Élodie Martin');
      await ctx.expectText(page, 'Historique des commandes');
      await ctx.screenshot(page, 'account-menu');
      await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await expectToast(page, 'Deconnexion', 'Vous avez été deconnecté avec succès.');
      await expectSignedOut(page);
      await ctx.screenshot(page, 'signed-out-toast');

      await signIn(ctx, page, email, 'mauvais-mot-de-passe-1');
      await ctx.expectText(page, 'Adresse e-mail ou mot de passe incorrect.');
      await signIn(ctx, page, email, PASSWORD);
      await expectAvatar(page, 'É');
      await signOut(ctx, page);
    },
  },
  {
    name: 'sign-in returns to the page asked for, and visitor-only pages send a user home',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('retour');
      await signUpViaUi(ctx, page, { email, prenom: 'Jules', nom: 'Bernard' });
      await signOut(ctx, page);
      await ctx.goto(page, '/compte/parametrage');
      await page.waitForURL((u) => u.pathname === '/connexion_compte');
      await page.fill('#email', email);
      await page.fill('#password', PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL((u) => u.pathname === '/compte/parametrage');
      await ctx.expectText(page, 'Double authentification');
      await ctx.screenshot(page, 'parametrage');
      await ctx.goto(page, '/connexion_compte');
      await page.waitForURL((u) => u.pathname === '/');
      await ctx.goto(page, '/compte/panier');
      await ctx.expectText(page, 'Votre panier est vide.');
      await ctx.goto(page, '/compte/historique-commande');
      await ctx.expectText(page, 'Aucune commande pour le moment.');
      await ctx.goto(page, '/checkout');
      await ctx.expectText(page, 'Votre panier est vide.');
      await ctx.goto(page, '/compte/admin-home');
      await ctx.expectText(page, 'Page Not Found');
    },
  },
  {
    name: 'a customer saves an address with a company and a VAT number',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('adresse'), prenom: 'Inès', nom: 'Roux' });
      await ctx.goto(page, '/compte/parametrage');
      await page.getByRole('button', { name: 'Ajouter une adresse' }).click();
      await page.fill('#address-prenom', 'Inès');
      await page.fill('#address-nom', 'Roux');
      await page.fill('#address-rue', '4 rue des Imprimeurs');
      await page.fill('#address-codePostal', '690');
      await page.fill('#address-ville', 'Lyon');
      await page.fill('#address-nom_entreprise', 'Atelier Roux');
      await page.fill('#address-numero_tva', 'FR 40 303 265 045');
      await page.getByRole('button', { name: 'Ajouter l’adresse' }).click();
      await ctx.expectText(page, 'Un code postal français contient 5 chiffres.');
      await page.fill('#address-codePostal', '69002');
      await page.getByRole('button', { name: 'Ajouter l’adresse' }).click();
      await ctx.expectText(page, '4 rue des Imprimeurs');
      await ctx.expectText(page, 'Atelier Roux');
      await ctx.screenshot(page, 'adresses');
    },
  },
  {
    name: 'a French company without VAT number saves its SIREN, shown on its address and in the form',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('siren'), prenom: 'Paul', nom: 'Girard' });
      await ctx.goto(page, '/compte/parametrage');
      await page.getByRole('button', { name: 'Ajouter une adresse' }).click();
      await page.fill('#address-prenom', 'Paul');
      await page.fill('#address-nom', 'Girard');
      await page.fill('#address-rue', '9 rue de la Forge');
      await page.fill('#address-codePostal', '69007');
      await page.fill('#address-ville', 'Lyon');
      if (await page.locator('#address-siren').count()) throw new Error('SIREN asked without a company');
      await page.fill('#address-nom_entreprise', 'Forge Girard');
      await page.locator('#address-siren').waitFor();
      await page.locator('#address-siren-hint', { hasText: '9 chiffres' }).waitFor();
      await page.fill('#address-siren', '732 829 321');
      await page.getByRole('button', { name: 'Ajouter l’adresse' }).click();
      await page.locator('#address-siren-error', { hasText: 'Le numéro SIREN doit comporter 9' }).waitFor();
      await page.fill('#address-siren', '732 829 320');
      await page.getByRole('button', { name: 'Ajouter l’adresse' }).click();
      const card = page.locator('.address-card', { hasText: '9 rue de la Forge' });
      await card.getByText('Forge Girard').waitFor();
      await card.locator('[data-testid=company-siren]', { hasText: 'SIREN 732829320' }).waitFor();
      await ctx.screenshot(page, 'adresse-siren');
      await card.getByRole('button', { name: 'Modifier' }).click();
      const field = page.locator('#address-siren');
      await field.waitFor();
      if ((await field.inputValue()) !== '732829320') throw new Error(`SIREN in the form: ${await field.inputValue()}`);
    },
  },
];
