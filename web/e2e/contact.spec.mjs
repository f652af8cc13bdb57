// The contact form: an empty message is refused in French; a complete one (captcha solved) shows
// the success toast, is stored in contact_messages and e-mailed to the staff (outbox copy).
import { expectToast, freshEmail, solveCaptcha } from './support/flows.mjs';

export default [
  {
    name: 'the contact form refuses an empty message in French, then sends and stores a message',
    async run(ctx) {
      const page = await ctx.newPage();
      const email = freshEmail('contact');
      await ctx.goto(page, '/contact');
      await page.locator('#contact-nom').waitFor();
      await page.fill('#contact-nom', 'Bastien Marchal');
      await page.fill('#contact-email', email);
      await page.fill('#contact-sujet', 'Devis pour 40 boîtiers en PA12');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await ctx.expectText(page, 'Saisissez votre message.');
      await ctx.screenshot(page, 'contact-message-vide');
      // The server refuses it too, in French, whatever the page lets through.
      const server = await page.evaluate(async () => {
        const { csrfToken } = await (await fetch('/api/auth/csrf', { cache: 'no-store' })).json();
        const r = await fetch('/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
          body: JSON.stringify({ nom: 'Bastien Marchal', email: 'b@exemple.test', sujet: 'Devis', message: '   ', altcha: 'x' }),
        });
        return { status: r.status, body: await r.json() };
      });
      const said = JSON.stringify(server.body);
      if (server.status !== 400 || !said.includes('message') || !said.includes('obligatoire')) throw new Error(`server answered ${server.status} ${said}`);
      const before = Number(ctx.sql('SELECT COUNT(*) FROM contact_messages'));
      if (before !== 0) throw new Error(`${before} messages stored after an invalid form`);

      const message = 'Bonjour, nous souhaitons faire imprimer 40 boîtiers en PA12 (SLS), finition teintée noire. Quel délai pour une livraison à Nantes ?';
      await page.fill('#contact-message', message);
      await solveCaptcha(page);
      const since = Date.now() - 1000;
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await expectToast(page, 'Message envoyé', 'Votre message a bien été envoyé.');
      await ctx.expectText(page, `Nous vous répondons à ${email}`);
      await ctx.screenshot(page, 'contact-envoye');

      const row = ctx.sql(`SELECT nom || '|' || email || '|' || sujet || '|' || message FROM contact_messages WHERE email = '${email}'`);
      const expected = ['Bastien Marchal', email, 'Devis pour 40 boîtiers en PA12', message].join('|');
      if (row !== expected) throw new Error(`stored message: ${row}`);
      const mail = await ctx.waitForMail(/Devis pour 40 bo/, since);
      if (!mail.includes(email) || !mail.includes('livraison à Nantes')) throw new Error(`staff copy without the message:\n${mail.slice(0, 600)}`);
    },
  },
];
