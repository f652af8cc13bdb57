//! The session of /api/auth/session through TanStack Query, refetched when the window regains focus.
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, NetworkError } from './api-client';
import { queryKeys } from './query-client';

export interface SessionUser {
  id?: number | string;
  email?: string | null;
  nom?: string | null;
  prenom?: string | null;
  name?: string | null;
  role?: string | null;
  /** Whether the account's second factor is on (an admin without it is taken to its set-up). */
  two_factor_enabled?: boolean;
}

export interface Session {
  user: SessionUser;
  expires?: string;
}

/**
 * After a hard navigation (a full page load), how long a login-only page waits for the session
 * check before sending the visitor to sign in (specification, sections 4 and 9: 60 seconds).
 * Soft navigations use the session already known, at once.
 */
export const SESSION_CHECK_WAIT_MS = 60_000;
/** Delay between two attempts of a session check that failed on the network or a 5xx. */
export const SESSION_RETRY_DELAY_MS = 2_000;

/** A network failure or a 5xx may pass: retry within the wait; any other answer is final. */
export function retrySessionCheck(failures: number, error: unknown): boolean {
  const transient = error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
  return transient && failures * SESSION_RETRY_DELAY_MS < SESSION_CHECK_WAIT_MS;
}

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** An answer without a user (`{}` or `null`) means "not signed in". */
export async function fetchSession(): Promise<Session | null> {
  const body = await apiFetch<Partial<Session> | null>('/api/auth/session', { cache: 'no-store' });
  return body && body.user ? (body as Session) : null;
}

export function useSession(): { status: SessionStatus; session: Session | null; user: SessionUser | null } {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSession,
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
    staleTime: 15_000,
    retry: retrySessionCheck,
    retryDelay: SESSION_RETRY_DELAY_MS,
  });
  if (query.isPending) return { status: 'loading', session: null, user: null };
  const session = query.data ?? null;
  return { status: session ? 'authenticated' : 'unauthenticated', session, user: session?.user ?? null };
}

export function isAdmin(user: SessionUser | null | undefined): boolean {
  return (user?.role ?? '').toLowerCase() === 'admin';
}
