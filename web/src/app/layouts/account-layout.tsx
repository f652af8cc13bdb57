//! The account layout: header, the account's side navigation, page, footer.
import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MAIN_ID } from '@/components/layout/skip-link';
import { SideNav } from '@/components/layout/side-nav';

const LINKS = [
  { to: '/compte/parametrage', label: 'Paramètres du compte', icon: 'pi pi-cog' },
  { to: '/compte/panier', label: 'Panier', icon: 'pi pi-shopping-cart' },
  { to: '/compte/historique-commande', label: 'Historique des commandes', icon: 'pi pi-history' },
  { to: '/compte/mes-devis', label: 'Mes devis', icon: 'pi pi-file' },
  { to: '/devis_ligne', label: 'Nouveau devis', icon: 'pi pi-calculator' },
];

export function AccountLayout() {
  return (
    <div className="layout layout-account">
      <Header />
      <div className="with-side-nav">
        <SideNav title="Mon compte" links={LINKS} />
        <main id={MAIN_ID} className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}
