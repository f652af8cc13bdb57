//! Sign-in and sign-out against the auth routes (form-encoded, with the CSRF token).
import { apiFetch, postForm, resetCsrfToken } from './api-client';
import { queryClient, queryKeys } from './query-client';
import { clearSessionLocalStorage } from './storage';

export interface SignInAnswer {
  url?: string;
  ok?: boolean;
  /** True when the account has two-factor authentication and a code is still needed. */
  twoFactorRequired?: boolean;
  error?: string;
}

/** POST /api/auth/callback/credentials with email, password, csrfToken, callbackUrl, json. */
export async function signInWithCredentials(email: string, password: string, callbackUrl: string): Promise<SignInAnswer> {
  const answer = await postForm<SignInAnswer | null>('/api/auth/callback/credentials', { email, password, callbackUrl });
  resetCsrfToken();
  await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  return answer ?? {};
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
