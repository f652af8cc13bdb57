//! The root route: navigation checks, new-build check, scroll restoration, and the toasts.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { ToastHost } from '@/components/ui/toast-host';
import { startBuildCheck } from '@/lib/build-check';
import { onLocationChange } from '@/lib/expiry-state';
import { registerNavigate } from '@/lib/navigation';
import { useNavigationChecks } from './navigation-checks';

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
      <ToastHost />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
