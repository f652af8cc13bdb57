//! The five drop-down menus of the header; a choice records page and index in the shared selection.
import { useNavigate } from 'react-router';
import { Menubar } from 'primereact/menubar';
import type { MenuItem } from 'primereact/menuitem';
import { NAV_MENUS, type NavItem } from '@/config/navigation';
import { selectionHref, setSelection, useSelection } from '@/lib/selection';

export function MainNav() {
  const navigate = useNavigate();
  const selection = useSelection();

  const toItem = (item: NavItem): MenuItem => {
    const href = selectionHref(item);
    const active = selection.page === item.page && selection.index === item.index;
    return {
      label: item.label,
      url: href,
      className: active ? 'nav-item-active' : undefined,
      command: (event) => {
        event.originalEvent.preventDefault();
        setSelection({ page: item.page, index: item.index });
        navigate(href);
      },
    };
  };

  const model: MenuItem[] = NAV_MENUS.map((menu) => ({
    label: menu.label,
    icon: menu.icon,
    className: menu.items.some((i) => i.page === selection.page) ? 'nav-menu-active' : undefined,
    items: menu.items.map(toItem),
  }));

  return <Menubar model={model} className="main-nav" aria-label="Navigation principale" />;
}
