// Reflow (issue 26, WCAG 1.4.10, RGAA 10.11) and zoom (1.4.4): the pages a phone may open read at
// 320 CSS pixels wide without scrolling sideways (a phone's user agent, so that the mobile rule
// lets them through), and the desktop pages at 200 % zoom of a 1366 px window (683 CSS pixels)
// too. axe audits the narrow pages as well; every page is photographed (e2e/artifacts/reflow-*).
import { axeAudit } from './support/axe.mjs';
import { MOBILE_UA } from './support/context.mjs';

const MOBILE_PAGES = [
  ['/', 'Vos pièces imprimées en 3D', 'accueil'],
  ['/accessibilite', 'Défenseur des droits', 'accessibilite'],
  ['/not_allowed_for_mobile', 'Ouvrez le site sur un ordinateur', 'mobile'],
  ['/charte_confidentialite', 'CNIL', 'confidentialite'],
  ['/mentions_legales', 'Directeur de la publication', 'mentions-legales'],
  ['/conditions_vente', 'L221-28 3°', 'cgv'],
];

const ZOOMED_PAGES = [
  ['/devis_ligne', 'Déposez ici vos fichiers', 'devis'],
  ['/impression_3D?index=1', '340 x 340 x 600 mm', 'impression'],
  ['/contact', 'Envoyer le message', 'contact'],
  ['/connexion_compte', 'Mot de passe oublié', 'connexion'],
  ['/aide', 'Quels formats de fichiers acceptez-vous', 'aide'],
  ['/innovation', 'Toutes nos réalisations', 'innovation'],
];

/** Elements wider than the window, which make the page scroll sideways. */
function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed';
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);
  });
}

async function check(ctx, page, audit, [path, text, name], width, prefix, problems) {
  await ctx.goto(page, path);
  await ctx.expectText(page, text);
  await page.waitForTimeout(300);
  const wide = await overflow(page);
  if (wide.length) problems.push(`${path} at ${width} px scrolls sideways: ${wide.join(', ')}`);
  await ctx.screenshot(page, `${prefix}-${name}`);
  if (audit) await audit.check(page, `${path} à ${width} px`);
}

export default [
  {
    name: 'the pages a phone may open reflow at 320 px without sideways scrolling, and axe finds nothing there',
    timeoutMs: 120_000,
    async run(ctx) {
      const page = await ctx.newPage({ userAgent: MOBILE_UA });
      await page.setViewportSize({ width: 320, height: 640 });
      const audit = axeAudit();
      const problems = [];
      for (const entry of MOBILE_PAGES) await check(ctx, page, audit, entry, 320, 'reflow-320', problems);
      if (problems.length) throw new Error(problems.join('\n'));
      audit.expectClean();
    },
  },
  {
    name: 'the desktop pages stay usable at 200 % zoom (683 CSS pixels wide)',
    timeoutMs: 120_000,
    async run(ctx) {
      const page = await ctx.newPage();
      await page.setViewportSize({ width: 683, height: 450 });
      const problems = [];
      for (const entry of [...MOBILE_PAGES, ...ZOOMED_PAGES]) await check(ctx, page, null, entry, 683, 'reflow-zoom-200', problems);
      if (problems.length) throw new Error(problems.join('\n'));
    },
  },
];
