// After a hard navigation a login-only page waits for a slow session check (French loader) and
// stays on the page once the session answers, instead of sending the customer to sign in.
import { freshEmail, signUpViaUi } from './support/flows.mjs';

const DELAY_MS = 4_000;

export default [
  {
    name: 'a login-only page waits for a slow session check after a hard navigation',
    async run(ctx) {
      const page = await ctx.newPage();
      await signUpViaUi(ctx, page, { email: freshEmail('session'), prenom: 'Noé', nom: 'Blanc' });
      // Every path the app shows, client-side replacements included.
      await page.addInitScript(() => {
        window.__paths = [location.pathname];
        for (const name of ['pushState', 'replaceState']) {
          const original = history[name].bind(history);
          history[name] = (state, title, url) => {
            original(state, title, url);
            window.__paths.push(location.pathname);
          };
        }
      });
      let delayed = 0;
      await page.route('**/api/auth/session', async (route) => {
        delayed += 1;
        await new Promise((r) => setTimeout(r, DELAY_MS));
        await route.continue().catch(() => undefined);
      });
      const started = Date.now();
      await ctx.goto(page, '/compte/parametrage');
      await page.getByText('Vérification de votre session…').waitFor({ state: 'visible', timeout: 3_000 });
      // The account layout stays around the loader: header and the account's navigation.
      for (const selector of ['header.site-header', 'nav.side-nav[aria-label="Mon compte"]', 'footer']) {
        if (!(await page.locator(selector).first().isVisible())) throw new Error(`${selector} hidden during the session check`);
      }
      await ctx.screenshot(page, 'verification-session');
      await ctx.expectText(page, 'Double authentification', 20_000);
      const waited = Date.now() - started;
      if (waited < DELAY_MS - 500) throw new Error(`the page showed after ${waited} ms, before the session answered`);
      const paths = await page.evaluate(() => window.__paths);
      if (paths.some((p) => p.startsWith('/connexion_compte'))) throw new Error(`went through sign-in: ${paths.join(' → ')}`);
      if (new URL(page.url()).pathname !== '/compte/parametrage') throw new Error(`ended on ${page.url()}`);
      if (delayed < 1) throw new Error('the session request was not intercepted');
      await page.unroute('**/api/auth/session');
    },
  },
];
