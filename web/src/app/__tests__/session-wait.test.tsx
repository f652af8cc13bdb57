import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient, queryKeys } from '@/lib/query-client';
import { SESSION_CHECK_WAIT_MS, type Session } from '@/lib/session';
import { RequireAuth, VisitorOnly } from '../guards';
import { SESSION_CHECK_LABEL } from '../session-wait';

const client: Session = { user: { email: 'a@b.fr', prenom: 'Ana', nom: 'Roy', role: 'client' } };

/** A session endpoint that answers `session` after `delayMs` (never when `delayMs` is null). */
function stubSession(session: Session | null, delayMs: number | null) {
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        if (delayMs !== null) setTimeout(() => resolve(new Response(JSON.stringify(session ?? {}), { status: 200 })), delayMs);
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/connexion_compte', element: <VisitorOnly><p>Formulaire de connexion</p></VisitorOnly> },
      { path: '/compte/panier', element: <RequireAuth><p>Panier</p></RequireAuth> },
      { path: '/compte/parametrage', element: <RequireAuth><p>Paramètres</p></RequireAuth> },
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

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session check after a hard navigation', () => {
  it('is a named 60 s constant', () => {
    expect(SESSION_CHECK_WAIT_MS).toBe(60_000);
  });

  it('waits with a French loader, then sends the visitor to sign in after 60 s', async () => {
    stubSession(null, null);
    const router = renderAt('/compte/panier');
    await advance(0);
    expect(screen.getByText(SESSION_CHECK_LABEL)).toBeTruthy();
    await advance(SESSION_CHECK_WAIT_MS - 1_000);
    expect(screen.getByText('Vérification de votre session…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/compte/panier');
    await advance(1_000);
    expect(router.state.location.pathname).toBe('/connexion_compte');
    expect(router.state.location.search).toBe('?callbackUrl=%2Fcompte%2Fpanier');
  });

  it('lets the customer in when the slow session check answers within the wait', async () => {
    stubSession(client, 5_000);
    const router = renderAt('/compte/panier');
    await advance(4_000);
    expect(screen.getByText(SESSION_CHECK_LABEL)).toBeTruthy();
    await advance(1_500);
    expect(screen.getByText('Panier')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/compte/panier');
    await advance(SESSION_CHECK_WAIT_MS);
    expect(router.state.location.pathname).toBe('/compte/panier');
  });

  it('keeps retrying a session check that fails on the network during the wait', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls < 3) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(client), { status: 200 });
      }),
    );
    const router = renderAt('/compte/panier');
    await advance(10_000);
    expect(calls).toBe(3);
    expect(screen.getByText('Panier')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/compte/panier');
  });
});

describe('session check after a soft navigation', () => {
  it('uses the known session at once, without the loader', async () => {
    queryClient.setQueryData(queryKeys.session, client);
    const fetch = stubSession(client, null);
    const router = renderAt('/compte/panier');
    expect(screen.getByText('Panier')).toBeTruthy();
    await act(() => router.navigate('/compte/parametrage'));
    expect(screen.getByText('Paramètres')).toBeTruthy();
    expect(screen.queryByText(SESSION_CHECK_LABEL)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a known visitor to sign in at once', async () => {
    queryClient.setQueryData(queryKeys.session, null);
    stubSession(null, null);
    const router = renderAt('/compte/panier');
    await advance(0);
    expect(router.state.location.pathname).toBe('/connexion_compte');
    expect(screen.queryByText(SESSION_CHECK_LABEL)).toBeNull();
  });
});
