//! The root route: navigation checks, new-build check, scroll restoration, and the toasts. The
//! Toast's code loads after the page (messages shown before it wait in lib/toast's queue).
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { startBuildCheck } from '@/lib/build-check';
import { onLocationChange } from '@/lib/expiry-state';
import { registerNavigate } from '@/lib/navigation';
import { useNavigationChecks } from './navigation-checks';

const ToastHost = lazy(() => import('@/components/ui/toast-host').then((m) => ({ default: m.ToastHost })));

export function Root() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useNavigationChecks();
  useEffect(() => onLocationChange(pathname), [pathname]);
  useEffect(() => {
    registerNavigate((to) => navigate(to));
    return () => registerNavigate(null);
  }, [navigate]);
  useEffect(() => (import.meta.env.PROD ? startBuildCheck() : undefined), []);
  return (
    <>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
