//! The session of /api/auth/session through TanStack Query, refetched when the window regains focus.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { queryKeys } from './query-client';

export interface SessionUser {
  id?: number | string;
  email?: string | null;
  nom?: string | null;
  prenom?: string | null;
  name?: string | null;
  role?: string | null;
  twoFactorEnabled?: boolean;
}

export interface Session {
  user: SessionUser;
  expires?: string;
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
  });
  if (query.isPending) return { status: 'loading', session: null, user: null };
  const session = query.data ?? null;
  return { status: session ? 'authenticated' : 'unauthenticated', session, user: session?.user ?? null };
}

export function isAdmin(user: SessionUser | null | undefined): boolean {
  return (user?.role ?? '').toLowerCase() === 'admin';
}
