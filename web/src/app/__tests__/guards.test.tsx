import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient, queryKeys } from '@/lib/query-client';
import type { Session } from '@/lib/session';
import { RequireAdmin, RequireAuth, VisitorOnly } from '../guards';

function renderAt(path: string, session: Session | null) {
  queryClient.setQueryData(queryKeys.session, session);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(session ?? {}), { status: 200 })));
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Accueil</p> },
      { path: '/connexion_compte', element: <VisitorOnly><p>Formulaire de connexion</p></VisitorOnly> },
      { path: '/compte/panier', element: <RequireAuth><p>Panier</p></RequireAuth> },
      { path: '/compte/admin/statistics', element: <RequireAdmin><p>Statistiques</p></RequireAdmin> },
      { path: '/compte/admin-home', element: <RequireAdmin><p>Tableau de bord</p></RequireAdmin> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const client: Session = { user: { email: 'a@b.fr', prenom: 'Ana', nom: 'Roy', role: 'client' } };
const admin: Session = { user: { email: 'admin@b.fr', role: 'admin', two_factor_enabled: true } };
const adminWithoutSecondFactor: Session = { user: { email: 'admin@b.fr', role: 'admin', two_factor_enabled: false } };

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('send a visitor from a login-only page to sign in with the callback', async () => {
    const router = renderAt('/compte/panier', null);
    await screen.findByText('Formulaire de connexion');
    expect(router.state.location.search).toBe('?callbackUrl=%2Fcompte%2Fpanier');
  });

  it('let a customer into a login-only page', async () => {
    renderAt('/compte/panier', client);
    expect(await screen.findByText('Panier')).toBeTruthy();
  });

  it('send a signed-in user away from the sign-in page, to the callback when given', async () => {
    const router = renderAt('/connexion_compte?callbackUrl=/compte/panier', client);
    await screen.findByText('Panier');
    expect(router.state.location.pathname).toBe('/compte/panier');
  });

  it('answer a customer with the 404 page on admin routes', async () => {
    renderAt('/compte/admin/statistics', client);
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.getByText('/compte/admin/statistics')).toBeTruthy();
  });

  it('let an admin into admin routes', async () => {
    renderAt('/compte/admin/statistics', admin);
    expect(await screen.findByText('Statistiques')).toBeTruthy();
  });

  it('take an admin without its second factor to its set-up on the admin home', async () => {
    const router = renderAt('/compte/admin/statistics', adminWithoutSecondFactor);
    // The set-up page is loaded on demand: a busy machine may take a while.
    expect(await screen.findByRole('heading', { name: 'Double authentification requise' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/compte/admin-home');
    expect(screen.queryByText('Statistiques')).toBeNull();
    expect(screen.queryByText('Tableau de bord')).toBeNull();
  });
});
