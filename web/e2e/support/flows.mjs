// Shared browser flows of the e2e specs: account creation, sign-in, sign-out, toasts.
import { freshCode } from './totp.mjs';

let counter = 0;
/** A unique e-mail address for this run. */
export function freshEmail(prefix = 'client') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@exemple.test`;
}

export const PASSWORD = 'Imprimer-3D-2026';

/** The six-digit code of the newest account-creation mail sent to `email`. */
export async function codeFromOutbox(ctx, email, since) {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const mail = await ctx.waitForMail(new RegExp(`To:[^\\n]*${escaped}`, 'i'), since);
  const code = mail.match(/\b(\d{6})\b/);
  if (!code) throw new Error(`no six-digit code in the mail to ${email}`);
  return code[1];
}

/** Goes through /creation_compte like a visitor (code from the outbox, captcha solved). */
export async function signUpViaUi(ctx, page, { email, prenom = 'Camille', nom = 'Durand', password = PASSWORD }) {
  await ctx.goto(page, '/creation_compte');
  await page.fill('#email', email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await page.locator('#code').waitFor();
  await page.fill('#code', await codeFromOutbox(ctx, email, since));
  await page.getByRole('button', { name: 'Valider le code' }).click();
  await page.locator('#prenom').waitFor();
  await page.fill('#prenom', prenom);
  await page.fill('#nom', nom);
  await page.fill('#password', password);
  await page.fill('#confirm', password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expectAvatar(page, prenom.charAt(0).toUpperCase());
}

/** Ticks the ALTCHA checkbox and waits for the proof of work to be verified. */
export async function solveCaptcha(page) {
  const widget = page.locator('altcha-widget');
  // The box stays unticked while the proof of work runs, so click rather than check.
  // The styled widget draws its own box over the input: click the input without the
  // visibility checks, as a user's click on the box does.
  await widget.locator('input[type="checkbox"]').first().click({ force: true });
  await page.waitForFunction(() => document.querySelector('altcha-widget')?.getState?.() === 'verified', null, { timeout: 30_000 });
}

export async function signIn(ctx, page, email, password = PASSWORD) {
  await ctx.goto(page, '/connexion_compte');
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // The admin has its second factor (create-admin enrols it): the code of its secret.
  const account = ctx.admin?.email === email && ctx.admin.totpSecret ? ctx.admin : null;
  if (account) {
    await page.waitForURL((u) => u.pathname === '/verify-2fa');
    await page.fill('#code', await freshCode(account));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.waitForURL((u) => u.pathname !== '/verify-2fa');
  }
}

export async function expectAvatar(page, letter) {
  const avatar = page.locator('.user-avatar');
  await avatar.waitFor({ state: 'visible', timeout: 15_000 });
  const text = (await avatar.innerText()).trim();
  if (letter && text !== letter) throw new Error(`avatar shows "${text}", expected "${letter}"`);
}

export async function expectSignedOut(page) {
  await page.locator('a.user-icon[href="/connexion_compte"]').waitFor({ state: 'visible', timeout: 15_000 });
}

/** Waits for a toast with this summary (and detail, when given). */
export async function expectToast(page, summary, detail) {
  const toast = page.locator('.p-toast-message', { hasText: summary }).first();
  await toast.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
    throw new Error(`no toast "${summary}" on ${page.url()}`);
  });
  if (detail) {
    const text = await toast.innerText();
    if (!text.includes(detail)) throw new Error(`toast "${summary}" says "${text}", expected "${detail}"`);
  }
}

export async function signOut(ctx, page) {
  await ctx.goto(page, '/compte/logout');
  await page.waitForURL((u) => u.pathname === '/');
  await expectSignedOut(page);
}
