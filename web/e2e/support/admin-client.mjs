// An admin session of its own, outside the browser (whose cookies are the customer's): signs in
// with the form route, keeps its cookies, and calls controllers through /api/proxy with the CSRF
// token, as the web app does.

import { freshCode } from './totp.mjs';

/**
 * The admin's own session, signed in once for the whole run: each sign-in spends a TOTP step
 * (the server takes each once), and past three in a minute the next one waits up to 30 s.
 */
export async function adminClient(ctx) {
  if (!ctx.admin) throw new Error('no admin: `server create-admin` failed before the run');
  const admin = ctx.admin;
  admin.client ??= accountClient(ctx, admin).catch((error) => {
    admin.client = null;
    throw error;
  });
  return admin.client;
}

/**
 * A session of `email` of its own, outside the browser (another computer, say), sending
 * `userAgent`. An account with `totpSecret` (the admin) gives its second factor.
 */
export async function accountClient(ctx, account) {
  const { email, password, userAgent } = account;
  const jar = new Map();
  const send = async (path, init = {}) => {
    const headers = { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (userAgent) headers['user-agent'] = userAgent;
    const response = await fetch(ctx.url(path), { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const csrf = async () => (await (await send('/api/auth/csrf')).json()).csrfToken;
  const form = new URLSearchParams({ email, password, csrfToken: await csrf(), json: 'true', callbackUrl: '/' });
  const signedIn = await send('/api/auth/callback/credentials', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  if (signedIn.status !== 200) throw new Error(`sign-in of ${email} answered ${signedIn.status}: ${await signedIn.text()}`);
  const token = await csrf();
  if ((await signedIn.json()).two_factor_required) {
    if (!account.totpSecret) throw new Error(`${email} has its second factor on and no secret is known`);
    const verified = await send('/api/proxy', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ path: 'AuthentificationDoubleFacteur/verify', httpMethod: 'POST', body: { token: await freshCode(account) } }),
    });
    if (verified.status !== 200) throw new Error(`second factor of ${email} answered ${verified.status}: ${await verified.text()}`);
  }
  return {
    /** A controller call; resolves with {status, body}. */
    async proxy(path, httpMethod = 'GET', body = null) {
      const r = await send('/api/proxy', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ path, httpMethod, body }),
      });
      const text = await r.text();
      let parsed = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: kept as text for the error message.
      }
      return { status: r.status, body: parsed };
    },
  };
}
