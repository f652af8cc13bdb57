//! The route table: every route of the specification, in its layout, behind its guard.
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from '@/components/errors/error-page';
import { NotFound } from '@/components/errors/not-found';
import { RequireAdmin, RequireAuth, VisitorOnly } from './guards';
import { AccountLayout } from './layouts/account-layout';
import { AdminLayout } from './layouts/admin-layout';
import { DefaultLayout } from './layouts/default-layout';
import { Root } from './root';
import { accountRoutes, adminRoutes, authRoutes, publicRoutes, visitorRoutes } from './routes';

export type Loader = () => Promise<{ Component: ComponentType }>;

const toRoutes = (table: Record<string, Loader>): RouteObject[] =>
  Object.entries(table).map(([path, lazy]) => (path === '/' ? { index: true, lazy } : { path, lazy }));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: 'maintenance', lazy: () => import('@/features/content/pages/maintenance-page').then((m) => ({ Component: m.default })) },
          {
            element: <DefaultLayout />,
            children: [
              ...toRoutes(publicRoutes),
              ...toRoutes(authRoutes),
              { element: <VisitorOnly />, children: toRoutes(visitorRoutes) },
              {
                element: <RequireAuth />,
                children: [
                  { path: 'checkout', lazy: () => import('@/features/checkout/pages/checkout-page').then((m) => ({ Component: m.default })) },
                  { path: 'checkout/confirmation', lazy: () => import('@/features/checkout/pages/confirmation-page').then((m) => ({ Component: m.default })) },
                ],
              },
              { path: ':slug', lazy: () => import('@/features/content/pages/slug-page').then((m) => ({ Component: m.default })) },
              { path: '*', element: <NotFound /> },
            ],
          },
          // The guard inside the layout: header and side navigation stay while the session is checked.
          { element: <AccountLayout />, children: [{ element: <RequireAuth />, children: toRoutes(accountRoutes) }] },
          { element: <RequireAdmin><AdminLayout /></RequireAdmin>, children: toRoutes(adminRoutes) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
