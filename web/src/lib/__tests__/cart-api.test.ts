import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToastMessage } from 'primereact/toast';
import { ApiError, resetCsrfToken } from '@/lib/api-client';
import { registerToastSink } from '@/lib/toast';
import { fetchCart } from '../api/cart';

/** `/api/auth/csrf` answers a token; `/api/proxy` answers `status` with `body`. */
function stubProxy(status: number, body: unknown) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/csrf') return new Response(JSON.stringify({ csrfToken: 'jeton' }), { status: 200 });
      calls.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  registerToastSink(null);
  resetCsrfToken();
});

describe('fetchCart', () => {
  it('reads the lines of GET ComptePiece through the proxy', async () => {
    const line = { id: 1, Id_Piece: 7, Quantite: 2, nom_fichier: 'cube.stl', prix: 4200 };
    const calls = stubProxy(200, [line]);
    expect(await fetchCart()).toEqual([line]);
    expect(calls).toEqual([{ path: 'ComptePiece', httpMethod: 'GET', body: null }]);
  });

  it('treats a missing ComptePiece route as an error, never as an empty basket', async () => {
    const shown: ToastMessage[] = [];
    registerToastSink((m) => shown.push(m));
    stubProxy(404, { message: 'Ressource introuvable.' });
    await expect(fetchCart()).rejects.toBeInstanceOf(ApiError);
    expect(shown.map((m) => m.severity)).toEqual(['error']);
  });
});
