// Every public route answers with its title and its content, in French.
const ROUTES = [
  ['/', 'Accueil', 'Vos pièces imprimées en 3D', 'home'],
  ['/conception_avancee', 'Optimisation topologique', 'Conception avancée', 'conception'],
  ['/conception_avancee?index=4', 'Simulation et validation', 'Simulation et validation'],
  ['/conception_avancee?index=9', 'Optimisation topologique', 'Optimisation topologique'],
  ['/service_conception', 'Service de conception', 'Rétro-conception', 'service-conception'],
  ['/impression_3D?index=0', 'Impression 3D SLA', '335 x 200 x 300 mm', 'impression-sla'],
  ['/impression_3D?index=1', 'Impression 3D SLS', '340 x 340 x 600 mm'],
  ['/impression_3D?index=2', 'Impression 3D MJF', '380 x 284 x 380 mm'],
  ['/impression_3D?index=3', 'Impression 3D SLM', 'Titane Ti6Al4V', 'impression-slm'],
  ['/impression_3D?index=abc', 'Impression 3D SLA', 'Stéréolithographie (SLA)'],
  ['/post_traitement?index=0', 'Polissage', 'Rugosité obtenue', 'post-traitement'],
  ['/post_traitement?index=1', 'Taraudage', 'inserts filetés'],
  ['/post_traitement?index=2', 'Revêtement de surface', 'Anodisation'],
  ['/innovation', 'Innovation et réalisations', 'Toutes nos réalisations', 'innovation'],
  ['/innovation?index=0', 'Aéronautique', 'Ferrure de volet optimisée'],
  ['/innovation?index=4', 'Médical', 'Guide de coupe chirurgical'],
  ['/rejoindre?index=0', 'Devenir partenaire', 'tarifs partenaires'],
  ['/rejoindre?index=1', 'Rejoindre l’équipe', 'Nos métiers', 'rejoindre'],
  ['/entreprise', 'L’entreprise', 'Notre parc machines', 'entreprise'],
  ['/contact', 'Contact', 'Envoyer le message', 'contact'],
  ['/aide', 'Centre d’aide', 'Quels formats de fichiers acceptez-vous', 'aide'],
  ['/charte_confidentialite', 'Charte de confidentialité', 'CNIL', 'confidentialite'],
  ['/mentions_legales', 'Mentions légales', 'Directeur de la publication', 'mentions-legales'],
  ['/mention_legales', 'Mentions légales', 'Hébergement'],
  ['/conditions_vente', 'Conditions générales de vente', 'L221-28 3°', 'cgv'],
  ['/not_allowed_for_mobile', 'Appareil non pris en charge', 'Ouvrez le site sur un ordinateur'],
  ['/devis_ligne', 'Devis en ligne', 'Devis en ligne'],
  ['/materiaux', 'Nos matériaux', 'AlSi10Mg'],
  ['/connexion_compte', 'Connexion', 'Mot de passe oublié', 'connexion'],
  ['/creation_compte', 'Création de compte', 'Recevoir un code', 'creation-compte'],
  ['/mdp_oubli', 'Mot de passe oublié', 'Envoyer le lien'],
  ['/mdp_mail?token=abc', 'Nouveau mot de passe', 'Enregistrer le mot de passe'],
  // The e-mail change needs the session: a visitor is asked to sign in first.
  ['/email_oubli', 'Changer d’adresse e-mail', 'connectez-vous d’abord'],
  ['/email_mail?email=a%40exemple.test', 'Confirmer le changement d’adresse', 'connectez-vous d’abord'],
  ['/verify-2fa', 'Vérification en deux étapes', 'Utiliser un code de secours'],
];

const SUFFIX = 'Forme Additive - votre expert en impression 3D';

export default [
  {
    name: 'every public route shows its title and content',
    async run(ctx) {
      const page = await ctx.newPage();
      for (const [path, title, text, shot] of ROUTES) {
        const response = await ctx.goto(page, path);
        if (!response || response.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
        await ctx.expectTitle(page, `${title} | ${SUFFIX}`);
        await ctx.expectText(page, text);
        if (shot) await ctx.screenshot(page, shot);
      }
    },
  },
  {
    name: 'the header menus record the topic and follow the index',
    async run(ctx) {
      const page = await ctx.newPage();
      await ctx.goto(page, '/');
      // PrimeReact's injected component CSS must apply under the server's strict CSP.
      await page.locator('.p-menubar-root-list').waitFor();
      const listStyle = await page.evaluate(() => getComputedStyle(document.querySelector('.p-menubar-root-list')).listStyleType);
      if (listStyle !== 'none') throw new Error(`menubar unstyled (list-style ${listStyle}): injected CSS blocked`);
      await page.getByRole('menuitem', { name: 'Fabrication de pièces' }).click();
      await page.getByRole('menuitem', { name: 'Multi Jet Fusion (MJF)' }).click();
      await ctx.expectPath(page, '/impression_3D?index=2');
      await ctx.expectText(page, '380 x 284 x 380 mm');
      await page.getByRole('menuitem', { name: 'Fabrication de pièces' }).click();
      const active = page.locator('.nav-item-active');
      const label = (await active.first().innerText()).trim();
      if (label !== 'Multi Jet Fusion (MJF)') throw new Error(`active menu item is "${label}"`);
      await ctx.screenshot(page, 'header-menu');
    },
  },
  {
    name: 'an unknown page shows Page Not Found with its path',
    async run(ctx) {
      const page = await ctx.newPage();
      for (const path of ['/nulle-part/ici/encore', '/page-qui-n-existe-pas']) {
        await ctx.goto(page, path);
        await ctx.expectText(page, 'Page Not Found');
        await ctx.expectText(page, path);
      }
      await ctx.screenshot(page, 'not-found');
    },
  },
  {
    name: 'the FAQ search filters the questions',
    async run(ctx) {
      const page = await ctx.newPage();
      await ctx.goto(page, '/aide');
      await page.fill('#faq-search', 'étanche');
      await ctx.expectText(page, 'Les pièces sont-elles étanches');
      const count = await page.locator('.p-accordion-tab').count();
      if (count < 1 || count > 4) throw new Error(`${count} questions shown for "étanche"`);
      await page.fill('#faq-search', 'zzzz introuvable');
      await ctx.expectText(page, 'Aucune réponse ne correspond');
    },
  },
  {
    name: 'login-only pages send a visitor to sign in, admin pages stay hidden',
    async run(ctx) {
      const page = await ctx.newPage();
      await ctx.goto(page, '/compte/parametrage');
      await page.waitForURL((u) => u.pathname === '/connexion_compte' && u.searchParams.get('callbackUrl') === '/compte/parametrage');
      await ctx.goto(page, '/checkout');
      await page.waitForURL((u) => u.pathname === '/connexion_compte');
      // Anonymous: the server or the app sends to sign-in, or the app answers the 404 page.
      await ctx.goto(page, '/compte/admin/statistics');
      await page.waitForFunction(
        () => location.pathname === '/connexion_compte' || document.body.innerText.includes('Page Not Found'),
      );
    },
  },
];
