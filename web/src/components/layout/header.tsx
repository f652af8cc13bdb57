//! The site header: brand, the five drop-down menus, the instant-quote button and the user menu.
import { Link } from 'react-router';
import { BRAND_NAME } from '@/lib/title';
import { setSelection } from '@/lib/selection';
import { MainNav } from './main-nav';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

export function Header() {
  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className="site-header-inner">
          <Link to="/" className="brand" onClick={() => setSelection({ page: '/', index: null })}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{BRAND_NAME}</span>
          </Link>
          <MainNav />
          <div className="header-actions">
            <Link to="/devis_ligne" className="p-button p-button-sm quote-cta">
              <i className="pi pi-calculator" aria-hidden="true" />
              <span>Devis instantané</span>
            </Link>
            <UserMenu />
          </div>
        </div>
      </header>
    </>
  );
}
