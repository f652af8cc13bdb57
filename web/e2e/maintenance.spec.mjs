// Maintenance on and off from the admin home: every page but the exempt ones goes to /maintenance.
import { expectAvatar, PASSWORD, signIn } from './support/flows.mjs';

async function setMaintenance(page, on) {
  return page.evaluate(async (value) => {
    const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
    const r = await fetch('/api/admin/set-maintenance', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
      body: JSON.stringify({ maintenance: value }),
    });
    return r.status;
  }, on);
}

export default [
  {
    name: 'an admin turns maintenance on and off',
    async run(ctx) {
      if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
      const page = await ctx.newPage();
      await signIn(ctx, page, ctx.admin.email, ctx.admin.password ?? PASSWORD);
      await expectAvatar(page);
      try {
        await ctx.goto(page, '/compte/admin-home');
        await ctx.expectText(page, 'Mode maintenance');
        await ctx.expectText(page, 'Désactivé');
        await page.getByRole('switch', { name: /Mode maintenance|Activé|Désactivé/ }).click();
        // Nothing changes before the confirmation; "Annuler" keeps the site open.
        await page.getByRole('button', { name: 'Annuler' }).click();
        await page.locator('.p-confirm-dialog').waitFor({ state: 'detached' });
        await ctx.expectText(page, 'Désactivé');
        await page.getByRole('switch', { name: /Mode maintenance|Activé|Désactivé/ }).click();
        await page.getByRole('button', { name: 'Activer la maintenance' }).click();
        await ctx.expectText(page, 'Activé');
        await ctx.screenshot(page, 'admin-maintenance-on');

        const visitor = await ctx.newPage();
        await ctx.goto(visitor, '/contact');
        await visitor.waitForURL((u) => u.pathname === '/maintenance');
        await ctx.expectText(visitor, 'Site en maintenance');
        if (await visitor.locator('.site-header, .site-footer').count()) throw new Error('maintenance page shows header or footer');
        await ctx.expectTitle(visitor, 'Maintenance en cours');
        await ctx.screenshot(visitor, 'maintenance');

        await ctx.goto(page, '/compte/admin-home');
        await ctx.expectText(page, 'Activé');
        await page.getByRole('switch', { name: /Mode maintenance|Activé|Désactivé/ }).click();
        await page.getByRole('button', { name: 'Rouvrir le site' }).click();
        await ctx.expectText(page, 'Désactivé');

        await ctx.goto(visitor, '/maintenance');
        await visitor.waitForURL((u) => u.pathname === '/');
        await ctx.goto(visitor, '/contact');
        await ctx.expectText(visitor, 'Envoyer le message');
      } finally {
        await setMaintenance(page, false).catch(() => undefined);
      }
    },
  },
];
