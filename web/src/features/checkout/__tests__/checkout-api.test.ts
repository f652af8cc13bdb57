import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/lib/api-client';
import { placeOrder } from '../api/checkout';

afterEach(() => {
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('placeOrder', () => {
  it('sends the Idempotency-Key header with the proxy call of POST Commande', async () => {
    const calls: { headers: Headers; body: unknown }[] = [];
    const answer = {
      id_commande: 5, numero: 'CO-2026-000005', statut: 'en attente de paiement', total_ttc_cents: 5526,
      paiement: { mode: 'virement', reference: 'CO-2026-000005', iban: 'FR76 1', bic: 'B', titulaire: 'T', montant_cents: 5526 },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/csrf') return new Response(JSON.stringify({ csrfToken: 'jeton' }), { status: 200 });
        calls.push({ headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify(answer), { status: 201 });
      }),
    );
    const request = { idAdresseLivraison: 3, idAdresseFacturation: 4, modePaiement: 'virement' as const, cgvAcceptees: true as const };
    const order = await placeOrder(request, 'cle-unique');
    expect(order.numero).toBe('CO-2026-000005');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Idempotency-Key')).toBe('cle-unique');
    expect(calls[0].headers.get('X-CSRF-Token')).toBe('jeton');
    expect(calls[0].body).toEqual({ path: 'Commande', httpMethod: 'POST', body: request });
  });
});
