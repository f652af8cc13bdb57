//! The error catalogue (specification, section 8): every failed request becomes one toast here.
import { ApiError, NetworkError, postForm, resetCsrfToken } from './api-client';
import { serverErrorMessage, DEFAULT_ERROR_MESSAGE } from './error-message';
import { markSessionExpiring } from './expiry-state';
import { navigateTo } from './navigation';
import { queryClient, queryKeys } from './query-client';
import { clearSessionLocalStorage } from './storage';
import { showToast, type ToastInput } from './toast';

export const TOO_MANY_ATTEMPTS = 'Trop de tentatives en peu de temps. Veuillez réessayer plus tard.';
export const NETWORK_FAILURE = 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.';
export const EXPIRED_REDIRECT = '/?action=expiration';

export type ErrorKind = 'invalid' | 'expired' | 'throttled' | 'network' | 'server';

export interface DescribedError {
  kind: ErrorKind;
  status: number | null;
  toast: ToastInput;
}

/** Pure part of the catalogue: which toast a failure deserves. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof NetworkError || (error instanceof TypeError && !(error instanceof ApiError))) {
    return { kind: 'network', status: null, toast: { severity: 'error', summary: 'Erreur réseau', detail: NETWORK_FAILURE } };
  }
  if (error instanceof ApiError) {
    const detail = serverErrorMessage(error.body);
    switch (error.status) {
      case 400:
        return { kind: 'invalid', status: 400, toast: { severity: 'warn', summary: 'Erreur', detail } };
      case 419:
        return {
          kind: 'expired',
          status: 419,
          toast: { severity: 'warn', summary: 'Session expirée', detail: 'Veuillez vous reconnecter.' },
        };
      case 429:
        return { kind: 'throttled', status: 429, toast: { severity: 'error', summary: 'Erreur', detail: TOO_MANY_ATTEMPTS } };
      default:
        return {
          kind: 'server',
          status: error.status,
          toast: { severity: 'error', summary: 'Erreur', detail: error.status >= 500 ? DEFAULT_ERROR_MESSAGE : detail },
        };
    }
  }
  return { kind: 'server', status: null, toast: { severity: 'error', summary: 'Erreur', detail: DEFAULT_ERROR_MESSAGE } };
}

export interface HandleOptions {
  /** 400 answers are left to the caller (shown inline in a form, or ignored). */
  silence400?: boolean;
}

let expiring = false;

/**
 * After a 419: leaves the page at once (before a guard can send the user to the sign-in page),
 * clears the session's local storage and cached user, then signs out on the server.
 */
async function expireSession(): Promise<void> {
  if (expiring) return;
  expiring = true;
  try {
    // The guard of the page being left must not redirect to the sign-in page meanwhile.
    markSessionExpiring();
    await navigateTo(EXPIRED_REDIRECT);
    clearSessionLocalStorage();
    queryClient.setQueryData(queryKeys.session, null);
    queryClient.removeQueries({ queryKey: queryKeys.me });
    await postForm('/api/auth/signout', { callbackUrl: EXPIRED_REDIRECT }).catch(() => undefined);
    resetCsrfToken();
  } finally {
    expiring = false;
  }
}

/** Applies the catalogue to a failure and returns the French message shown (for inline display). */
export function handleApiError(error: unknown, options: HandleOptions = {}): DescribedError {
  const described = describeError(error);
  if (described.kind === 'invalid' && options.silence400) return described;
  if (described.kind === 'expired') {
    if (!expiring) showToast(described.toast);
    void expireSession();
    return described;
  }
  showToast(described.toast);
  return described;
}
