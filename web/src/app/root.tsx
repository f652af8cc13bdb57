//! The root route: navigation checks, new-build check, scroll restoration, and the toasts.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { ToastHost } from '@/components/ui/toast-host';
import { startBuildCheck } from '@/lib/build-check';
import { registerNavigate } from '@/lib/navigation';
import { useNavigationChecks } from './navigation-checks';

export function Root() {
  const navigate = useNavigate();
  useNavigationChecks();
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
