//! The five drop-down menus of the header; a choice records page and index in the shared selection.
import { useEffect } from 'react';
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

  useFirstItemFocus('main-nav');

  return <Menubar id="main-nav" model={model} className="main-nav" aria-label="Navigation principale" pt={MENUBAR_PT} />;
}

/**
 * PrimeReact 10.9.9's Menubar points `aria-activedescendant` at `<id>_<key>`, its items' `data-id`,
 * but gives the items no `id` (only `item.id`): each item gets that id. A menu's own item is named
 * by its label alone (`aria-label`), which, once the menu is open, leaves out the visible text of
 * its sub-menu (WCAG 2.5.3): its name comes from its content. The narrow layout's menu button would
 * take the paginators' « Pagination » (locale key `navigation`).
 */
const MENUBAR_PT = {
  button: { 'aria-label': 'Menu de navigation' },
  menuitem: ({ context }: { context: { item: { key: string; items?: unknown[] } } }) => ({
    id: `main-nav_${context.item.key}`,
    ...(context.item.items?.length ? { 'aria-label': undefined } : {}),
  }),
};

/**
 * PrimeReact 10.9.9's Menubar leaves no item focused when the keyboard reaches it or after Escape
 * (its findFirstFocusedItemIndex gives -1 unless a menu is open), so the arrows, Enter and Space
 * did nothing: its own Home key then focuses the first item.
 */
function useFirstItemFocus(id: string) {
  useEffect(() => {
    const root = document.getElementById(id);
    if (!root) return undefined;
    const revive = () =>
      setTimeout(() => {
        const list = root.querySelector('[role=menubar]');
        if (list && document.activeElement === list && !list.getAttribute('aria-activedescendant')) {
          list.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', code: 'Home', bubbles: true }));
        }
      }, 0);
    root.addEventListener('focusin', revive);
    root.addEventListener('keyup', revive);
    return () => {
      root.removeEventListener('focusin', revive);
      root.removeEventListener('keyup', revive);
    };
  }, [id]);
}
