//! The side navigation of the account and admin layouts.
import { NavLink } from 'react-router';

export interface SideNavLink {
  to: string;
  label: string;
  icon: string;
}

export function SideNav({ title, links }: { title: string; links: SideNavLink[] }) {
  return (
    <nav className="side-nav" aria-label={title}>
      <p className="side-nav-title">{title}</p>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end>
              <i className={link.icon} aria-hidden="true" />
              <span>{link.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
