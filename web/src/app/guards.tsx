//! Route guards: login-only, visitor-only and admin-only (the server applies the same rules).
//! A login-only page whose session is still unknown (a hard navigation) waits for the session
//! check up to SESSION_CHECK_WAIT_MS before sending the visitor to sign in; after a soft
//! navigation the session is known and the guard decides at once.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { Loading } from '@/components/ui/loading';
import { isSessionExpiring } from '@/lib/expiry-state';
import { isAdmin, useSession } from '@/lib/session';
import { DefaultLayout } from './layouts/default-layout';
import { SESSION_CHECK_LABEL, useSessionWait } from './session-wait';

const AdminTwoFactorPage = lazy(() => import('@/features/account/pages/admin-two-factor-page'));

/** The admin home: where an admin without its second factor sets it up (the server agrees). */
const ADMIN_HOME = '/compte/admin-home';

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
  const { status, user } = useSession();
  const [params] = useSearchParams();
  if (status === 'loading') return <Loading />;
  if (status === 'authenticated') {
    // An admin without its second factor goes to its set-up, whatever it came for.
    if (isAdmin(user) && user?.two_factor_enabled === false) return <Navigate to={ADMIN_HOME} replace />;
    const callback = params.get('callbackUrl') ?? '/';
    const safe = callback.startsWith('/') && !callback.startsWith('//') ? callback : '/';
    return <Navigate to={safe} replace />;
  }
  return children ?? <Outlet />;
}

/**
 * Admin pages answer the 404 page to anyone else, so that they are not revealed. An admin whose
 * second factor is off is taken to the admin home, which shows its set-up until the backup codes
 * are put away.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const waiting = useSessionWait(status === 'loading');
  const [settingUp, setSettingUp] = useState(false);
  const started = useCallback(() => setSettingUp(true), []);
  const finished = useCallback(() => setSettingUp(false), []);
  // Outside the admin layout (its navigation is not shown to others), in the default one.
  if (waiting) return <DefaultLayout><SessionCheckLoader /></DefaultLayout>;
  if (status !== 'authenticated' && location.pathname === '/compte/admin-home') {
    return <Navigate to={signInPath(location)} replace />;
  }
  if (!isAdmin(user)) return <DefaultLayout><NotFound /></DefaultLayout>;
  if (user?.two_factor_enabled === false || settingUp) {
    if (location.pathname !== ADMIN_HOME) return <Navigate to={ADMIN_HOME} replace />;
    return (
      <DefaultLayout>
        <Suspense fallback={<Loading />}>
          <AdminTwoFactorPage onStarted={started} onFinished={finished} />
        </Suspense>
      </DefaultLayout>
    );
  }
  return children ?? <Outlet />;
}
