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
        // The server's HTML already holds the page's own title and description (issue 26).
        const html = await response.text();
        if (!/<meta name="description" content="[^"]{40,}">/.test(html)) throw new Error(`${path}: no description in the server's HTML`);
        await ctx.expectTitle(page, `${title} | ${SUFFIX}`);
        const served = html.match(/<title>([^<]*)<\/title>/)?.[1]?.replaceAll('&amp;', '&');
        const shown = await page.title();
        if (served !== shown) throw new Error(`${path}: the server's HTML has the title "${served}", the page "${shown}"`);
        await ctx.expectText(page, text);
        if (shot) await ctx.screenshot(page, shot);
      }
    },
  },
  {
    name: 'crawlers find every indexed page in the sitemap, each with its canonical address, and robots.txt closes the account pages',
    async run(ctx) {
      const robots = await fetch(ctx.url('/robots.txt'));
      const rules = await robots.text();
      for (const line of ['Disallow: /compte', 'Disallow: /checkout', `Sitemap: `]) {
        if (!rules.includes(line)) throw new Error(`robots.txt lacks "${line}":\n${rules}`);
      }
      const sitemap = await (await fetch(ctx.url('/sitemap.xml'))).text();
      const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replaceAll('&amp;', '&')));
      if (locs.length < 30) throw new Error(`${locs.length} addresses in the sitemap`);
      for (const wanted of ['/', '/devis_ligne', '/impression_3D?index=3', '/post_traitement?index=2', '/innovation?index=4', '/aide', '/materiaux']) {
        if (!locs.some((u) => `${u.pathname}${u.search}` === wanted)) throw new Error(`the sitemap lacks ${wanted}`);
      }
      for (const unwanted of ['/connexion_compte', '/compte/panier', '/mention_legales', '/not_allowed_for_mobile']) {
        if (locs.some((u) => u.pathname === unwanted)) throw new Error(`the sitemap lists ${unwanted}`);
      }
      // Each address of the sitemap answers 200 with itself as canonical address and no noindex.
      for (const u of locs) {
        const path = `${u.pathname}${u.search}`;
        const response = await fetch(ctx.url(path));
        const html = await response.text();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        const canonical = html.match(/<link rel="canonical" href="([^"]+)">/)?.[1];
        if (!canonical || new URL(canonical).pathname + new URL(canonical).search !== path) throw new Error(`${path}: canonical ${canonical}`);
        if (html.includes('name="robots" content="noindex"')) throw new Error(`${path} says noindex`);
        if (!html.includes('property="og:image"')) throw new Error(`${path}: no share image`);
      }
      const image = await fetch(ctx.url('/og-image.png'));
      if (image.status !== 200 || image.headers.get('content-type') !== 'image/png') throw new Error(`og-image.png: ${image.status} ${image.headers.get('content-type')}`);
      // The help page carries its questions as schema.org FAQPage data, under the page's CSP nonce.
      const help = await (await fetch(ctx.url('/aide'))).text();
      const ld = help.match(/<script type="application\/ld\+json" nonce="[^"]+">(.*?)<\/script>/s)?.[1];
      const faq = ld && JSON.parse(ld);
      if (faq?.['@type'] !== 'FAQPage' || faq.mainEntity.length < 10) throw new Error(`/aide JSON-LD: ${ld?.slice(0, 200)}`);
      // Account pages are not indexed.
      const account = await (await fetch(ctx.url('/compte/panier'), { redirect: 'manual' })).status;
      if (account !== 307) throw new Error(`/compte/panier answered ${account} to a visitor`);
      const signIn = await (await fetch(ctx.url('/connexion_compte'))).text();
      if (!signIn.includes('<meta name="robots" content="noindex">')) throw new Error('/connexion_compte is indexable');
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
    name: 'the scripts and style sheets a page loads first come compressed',
    async run(ctx) {
      const html = await (await fetch(ctx.url('/'))).text();
      const files = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="(?:modulepreload|stylesheet)"[^>]* href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      if (files.length < 3) throw new Error(`only ${files.length} scripts and style sheets in the page: ${files}`);
      for (const file of files) {
        // The build leaves files under 1 kB as they are (vite.config.ts, precompress).
        const plain = await fetch(ctx.url(file), { headers: { 'accept-encoding': 'identity' } });
        if ((await plain.arrayBuffer()).byteLength < 1024) continue;
        for (const encoding of ['br', 'gzip']) {
          const response = await fetch(ctx.url(file), { headers: { 'accept-encoding': encoding } });
          const type = response.headers.get('content-type') ?? '';
          if (response.status !== 200 || response.headers.get('content-encoding') !== encoding) {
            throw new Error(`${file} with Accept-Encoding ${encoding}: ${response.status}, Content-Encoding ${response.headers.get('content-encoding')}`);
          }
          if (!/javascript|css/.test(type)) throw new Error(`${file}: Content-Type ${type}`);
          // fetch decodes the body: the compressed copy holds the same text.
          if ((await response.text()).length < 200) throw new Error(`${file} (${encoding}): body too short`);
        }
      }
    },
  },
  {
    name: 'the footer and the accessibility statement say « non conforme »',
    async run(ctx) {
      const page = await ctx.newPage();
      await ctx.goto(page, '/accessibilite');
      await ctx.expectText(page, 'est non conforme au référentiel général d’amélioration de l’accessibilité');
      const footer = (await page.locator('.site-footer').innerText()).replace(/\s+/g, ' ');
      if (!footer.includes('Accessibilité : non conforme')) throw new Error(`footer: ${footer.slice(0, 300)}`);
      const text = await page.locator('body').innerText();
      // « partiellement conforme » only where the statement says why it does not apply.
      if (/(est|:)\s+partiellement conforme/.test(text)) throw new Error('the site is still said « partiellement conforme »');
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
