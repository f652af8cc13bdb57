//! /maintenance: shown alone (no header, no footer) while the site is in maintenance.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { COMPANY } from '@/config/company';
import { fetchMaintenance } from '@/lib/maintenance';
import { usePageTitle } from '@/lib/title';

const RECHECK_MS = 30_000;

export default function MaintenancePage() {
  usePageTitle('Maintenance en cours');
  const navigate = useNavigate();
  useEffect(() => {
    // Comes back by itself when maintenance ends.
    const timer = window.setInterval(() => {
      fetchMaintenance()
        .then((on) => {
          if (!on) navigate('/', { replace: true });
        })
        .catch(() => undefined);
    }, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [navigate]);
  return (
    <main className="maintenance" data-testid="maintenance">
      <img src="/favicon.svg" alt="" width={64} height={64} />
      <h1>Site en maintenance</h1>
      <p>
        {COMPANY.brand} fait peau neuve. Le site sera de nouveau disponible dans quelques instants&nbsp;; vos devis et votre
        panier sont conservés.
      </p>
      <p className="muted">
        Une urgence&nbsp;? Écrivez-nous à <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
      </p>
      <button type="button" className="p-button p-button-outlined" onClick={() => window.location.assign('/')}>
        Réessayer
      </button>
    </main>
  );
}
