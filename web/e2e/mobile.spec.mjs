// The mobile rule: a phone is sent to /not_allowed_for_mobile except on the allowed pages.
import { MOBILE_UA } from './support/context.mjs';

export default [
  {
    name: 'a mobile user agent is redirected except on the allowed pages',
    async run(ctx) {
      const page = await ctx.newPage({ userAgent: MOBILE_UA });
      await page.setViewportSize({ width: 390, height: 844 });
      for (const path of ['/devis_ligne', '/contact', '/impression_3D?index=1']) {
        await ctx.goto(page, path);
        await page.waitForURL((u) => u.pathname === '/not_allowed_for_mobile');
        await ctx.expectText(page, 'Ouvrez le site sur un ordinateur');
      }
      await ctx.screenshot(page, 'mobile');
      for (const path of ['/', '/mentions_legales', '/mention_legales', '/conditions_vente', '/charte_confidentialite']) {
        await ctx.goto(page, path);
        await page.waitForLoadState('networkidle');
        const pathname = new URL(page.url()).pathname;
        if (pathname !== path) throw new Error(`${path} sent a phone to ${pathname}`);
      }
    },
  },
];
