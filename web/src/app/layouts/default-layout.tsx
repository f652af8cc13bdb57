//! The default layout: header, page, footer.
import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';

export function DefaultLayout() {
  return (
    <div className="layout layout-default">
      <Header />
      <main id="contenu" className="site-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
