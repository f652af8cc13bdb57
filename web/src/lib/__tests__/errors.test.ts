import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api-client';
import { describeError, EXPIRED_REDIRECT, handleApiError, TOO_MANY_ATTEMPTS } from '../errors';
import { registerNavigate } from '../navigation';
import { registerToastSink } from '../toast';
import type { ToastMessage } from 'primereact/toast';

describe('describeError', () => {
  it('turns a 400 into a warning "Erreur" with the server text', () => {
    const d = describeError(new ApiError(400, { errors: ['Code postal invalide.'] }));
    expect(d.toast).toMatchObject({ severity: 'warn', summary: 'Erreur', detail: 'Code postal invalide.' });
  });
  it('turns a 429 into the too-many-attempts message', () => {
    expect(describeError(new ApiError(429, null)).toast.detail).toBe(TOO_MANY_ATTEMPTS);
  });
  it('turns a failure without status into an error toast', () => {
    const d = describeError(new NetworkError(new TypeError('Failed to fetch')));
    expect(d.kind).toBe('network');
    expect(d.toast.severity).toBe('error');
  });
  it('never shows a 5xx body, only the generic text', () => {
    expect(describeError(new ApiError(500, { message: 'sqlx: pool timed out' })).toast.detail).toBe('Erreur serveur interne');
  });
  it('uses the default text for an unknown failure', () => {
    expect(describeError(new Error('boom')).toast.detail).toBe('Erreur serveur interne');
  });
});

describe('handleApiError', () => {
  const shown: ToastMessage[] = [];
  beforeEach(() => {
    shown.length = 0;
    registerToastSink((m) => shown.push(m));
    localStorage.clear();
  });

  it('shows nothing for a silenced 400', () => {
    handleApiError(new ApiError(400, { message: 'x' }), { silence400: true });
    expect(shown).toHaveLength(0);
  });

  it('shows a 5 s toast for a 400', () => {
    handleApiError(new ApiError(400, { title: 'Adresse incomplète' }));
    expect(shown[0]).toMatchObject({ severity: 'warn', summary: 'Erreur', detail: 'Adresse incomplète', life: 5000 });
  });

  it('signs out, clears storage and redirects on a 419', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/csrf') return new Response(JSON.stringify({ csrfToken: 't' }), { status: 200 });
      return new Response(null, { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    registerNavigate(navigate);
    localStorage.setItem('piecesData', '[1]');
    localStorage.setItem('reduction', 'X');
    localStorage.setItem('autre', 'garde');

    handleApiError(new ApiError(419, null));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(EXPIRED_REDIRECT));
    await vi.waitFor(() => expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/auth/signout'));

    expect(shown[0]).toMatchObject({ summary: 'Session expirée', detail: 'Veuillez vous reconnecter.' });
    expect(localStorage.getItem('piecesData')).toBeNull();
    expect(localStorage.getItem('reduction')).toBeNull();
    expect(localStorage.getItem('autre')).toBe('garde');
    vi.unstubAllGlobals();
    registerNavigate(null);
  });
});
