//! Route guards: login-only, visitor-only and admin-only (the server applies the same rules).
//! A login-only page whose session is still unknown (a hard navigation) waits for the session
//! check up to SESSION_CHECK_WAIT_MS before sending the visitor to sign in; after a soft
//! navigation the session is known and the guard decides at once.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { Loading } from '@/components/ui/loading';
import { isSessionExpiring } from '@/lib/expiry-state';
import { isAdmin, useSession } from '@/lib/session';
import { DefaultLayout } from './layouts/default-layout';
import { SESSION_CHECK_LABEL, useSessionWait } from './session-wait';

function SessionCheckLoader() {
  return <Loading label={SESSION_CHECK_LABEL} visible />;
}

function signInPath(location: { pathname: string; search: string }): string {
  return `/connexion_compte?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Anonymous visitors go to /connexion_compte?callbackUrl=<path>. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const waiting = useSessionWait(status === 'loading');
  if (waiting) return <SessionCheckLoader />;
  if (status === 'unauthenticated' && isSessionExpiring()) return <Loading />;
  if (status !== 'authenticated') return <Navigate to={signInPath(location)} replace />;
  return children ?? <Outlet />;
}

/** Signed-in users are sent to the page they came for (`callbackUrl`), else to the home page. */
export function VisitorOnly({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  const [params] = useSearchParams();
  if (status === 'loading') return <Loading />;
  if (status === 'authenticated') {
    const callback = params.get('callbackUrl') ?? '/';
    const safe = callback.startsWith('/') && !callback.startsWith('//') ? callback : '/';
    return <Navigate to={safe} replace />;
  }
  return children ?? <Outlet />;
}

/** Admin pages answer the 404 page to anyone else, so that they are not revealed. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const waiting = useSessionWait(status === 'loading');
  // Outside the admin layout (its navigation is not shown to others), in the default one.
  if (waiting) return <DefaultLayout><SessionCheckLoader /></DefaultLayout>;
  if (status !== 'authenticated' && location.pathname === '/compte/admin-home') {
    return <Navigate to={signInPath(location)} replace />;
  }
  if (!isAdmin(user)) return <DefaultLayout><NotFound /></DefaultLayout>;
  return children ?? <Outlet />;
}
