// Every public route answers with its title and its content, in French.
import { PUBLIC_ROUTES as ROUTES, TITLE_SUFFIX as SUFFIX } from './support/public-routes.mjs';

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
