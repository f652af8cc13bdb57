//! On each navigation: the mobile rule, then the maintenance flag of /api/get-maintenance.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchMaintenance, maintenanceRedirect } from '@/lib/maintenance';
import { mobileRedirect } from '@/lib/mobile';

export function useNavigationChecks(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const mobileTarget = mobileRedirect(navigator.userAgent, pathname);
    if (mobileTarget) {
      navigate(mobileTarget, { replace: true });
      return;
    }
    let cancelled = false;
    fetchMaintenance()
      .then((maintenance) => {
        const target = maintenanceRedirect(maintenance, pathname);
        if (!cancelled && target) navigate(target, { replace: true });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pathname, navigate]);
}
