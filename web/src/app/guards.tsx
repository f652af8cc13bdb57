//! Route guards: login-only, visitor-only and admin-only (the server applies the same rules).
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { Loading } from '@/components/ui/loading';
import { isSessionExpiring } from '@/lib/expiry-state';
import { isAdmin, useSession } from '@/lib/session';

/** Anonymous visitors go to /connexion_compte?callbackUrl=<path>. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Loading />;
  if (status === 'unauthenticated' && isSessionExpiring()) return <Loading />;
  if (status === 'unauthenticated') {
    const callbackUrl = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/connexion_compte?callbackUrl=${callbackUrl}`} replace />;
  }
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
  if (status === 'loading') return <Loading />;
  if (status === 'unauthenticated' && location.pathname === '/compte/admin-home') {
    return <Navigate to={`/connexion_compte?callbackUrl=${encodeURIComponent(location.pathname)}`} replace />;
  }
  if (!isAdmin(user)) return <NotFound />;
  return children ?? <Outlet />;
}
