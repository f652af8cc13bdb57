//! Sign-in and sign-out against the auth routes (form-encoded, with the CSRF token).
import { ApiError, apiFetch, postForm, resetCsrfToken } from './api-client';
import { queryClient, queryKeys } from './query-client';
import { clearSessionLocalStorage } from './storage';

export interface SignInAnswer {
  url?: string;
  ok?: boolean;
  /** True when the account has two-factor authentication and a code is still needed. */
  two_factor_required?: boolean;
  error?: string;
}

/**
 * POST /api/auth/callback/credentials with email, password, csrfToken, callbackUrl, json, and the
 * solved captcha (`altcha`) once the server asked for one after too many failures.
 */
export async function signInWithCredentials(email: string, password: string, callbackUrl: string, altcha?: string | null): Promise<SignInAnswer> {
  const fields: Record<string, string> = { email, password, callbackUrl };
  if (altcha) fields.altcha = altcha;
  const answer = await postForm<SignInAnswer | null>('/api/auth/callback/credentials', fields);
  resetCsrfToken();
  await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  return answer ?? {};
}

/** Whether an error is the 429 of a sign-in that now needs the captcha. */
export function isCaptchaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429 && !!(error.body as { captcha_required?: boolean } | null)?.captcha_required;
}

/** POST /api/auth/signout, then forgets every cached user data and the session's local storage. */
export async function signOut(callbackUrl = '/'): Promise<void> {
  try {
    await postForm('/api/auth/signout', { callbackUrl });
  } finally {
    resetCsrfToken();
    clearSessionLocalStorage();
    queryClient.setQueryData(queryKeys.session, null);
    queryClient.removeQueries({ queryKey: queryKeys.me });
  }
}

export async function refreshSession(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.session });
}

export function fetchProviders(): Promise<Record<string, unknown>> {
  return apiFetch('/api/auth/providers');
}
