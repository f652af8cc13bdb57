//! The default layout: header, page, footer.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MAIN_ID } from '@/components/layout/skip-link';

/** The page is the route's (`Outlet`) unless `children` are given (a guard's loader or 404). */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="layout layout-default">
      <Header />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
