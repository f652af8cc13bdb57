//! The user icon: a sign-in link for visitors, a round avatar with the account menu for users.
//! The menu is a popup shown on demand: its code (PrimeReact's Menu and its transitions) loads
//! after the page, not with the first script; the avatar is PrimeReact's markup, drawn here.
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Menu as MenuType } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { avatarLetter, displayName } from '@/lib/display-name';
import { isAdmin, useSession } from '@/lib/session';

const Menu = lazy(() => import('primereact/menu').then((m) => ({ default: m.Menu })));

export function UserMenu() {
  const { status, user } = useSession();
  const menu = useRef<MenuType>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  if (status !== 'authenticated') {
    return (
      <Link to="/connexion_compte" className="user-icon" aria-label="Se connecter" title="Se connecter">
        <i className="pi pi-user" aria-hidden="true" />
      </Link>
    );
  }

  const go = (to: string) => () => navigate(to);
  const items: MenuItem[] = [
    { label: displayName(user), icon: 'pi pi-cog', command: go('/compte/parametrage'), className: 'user-menu-name' },
    { separator: true },
    { label: 'Panier', icon: 'pi pi-shopping-cart', command: go('/compte/panier') },
    { label: 'Historique des commandes', icon: 'pi pi-history', command: go('/compte/historique-commande') },
    { label: 'Mes devis', icon: 'pi pi-file', command: go('/compte/mes-devis') },
    ...(isAdmin(user) ? [{ label: 'Administration', icon: 'pi pi-shield', command: go('/compte/admin-home') }] : []),
    { separator: true },
    { label: 'Déconnexion', icon: 'pi pi-sign-out', command: go('/compte/logout') },
  ];

  return (
    <>
      <Suspense fallback={null}>
        <Menu model={items} popup ref={menu} id="user-menu" onShow={() => setOpen(true)} onHide={() => setOpen(false)} />
      </Suspense>
      <button
        type="button"
        className="avatar-button"
        aria-label={`Menu du compte de ${displayName(user)}`}
        aria-haspopup="menu"
        aria-expanded={open}
        // The popup exists only while it is open.
        aria-controls={open ? 'user-menu' : undefined}
        onClick={(event) => menu.current?.toggle(event)}
      >
        <span className="p-avatar p-component p-avatar-circle user-avatar">
          <span className="p-avatar-text">{avatarLetter(user)}</span>
        </span>
      </button>
    </>
  );
}
