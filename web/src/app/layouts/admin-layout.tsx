//! The admin layout: header, the administration's side navigation, page, footer.
import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MAIN_ID } from '@/components/layout/skip-link';
import { SideNav } from '@/components/layout/side-nav';

const LINKS = [
  { to: '/compte/admin-home', label: 'Tableau de bord', icon: 'pi pi-home' },
  { to: '/compte/admin/account', label: 'Comptes', icon: 'pi pi-users' },
  { to: '/compte/admin/commande', label: 'Commandes', icon: 'pi pi-shopping-bag' },
  { to: '/compte/admin/factures', label: 'Factures', icon: 'pi pi-file' },
  { to: '/compte/admin/paiement-terme', label: 'Paiement à 30 jours', icon: 'pi pi-calendar-clock' },
  { to: '/compte/admin/reduction', label: 'Réductions', icon: 'pi pi-percentage' },
  { to: '/compte/admin/statistics', label: 'Statistiques', icon: 'pi pi-chart-bar' },
  { to: '/compte/admin/catalogue', label: 'Catalogue', icon: 'pi pi-tags' },
  { to: '/compte/admin/piece-validation', label: 'Validation des pièces', icon: 'pi pi-check-square' },
  { to: '/compte/admin/journal', label: 'Journal', icon: 'pi pi-history' },
];

export function AdminLayout() {
  return (
    <div className="layout layout-admin">
      <Header />
      <div className="with-side-nav">
        <SideNav title="Administration" links={LINKS} />
        <main id={MAIN_ID} className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}
