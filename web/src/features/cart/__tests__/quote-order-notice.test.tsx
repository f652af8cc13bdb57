import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { QuoteOrdered } from '@/lib/api-types.generated';
import { QuoteOrderNotice } from '../components/quote-order-notice';

const plain = (s: string | null | undefined) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
const line = (designation: string, before: number, now: number | null, raison: string | null = null) => ({
  id_piece: 1,
  designation,
  quantite: 7,
  total_ht_avant_cents: before,
  total_ht_cents: now,
  raison,
});

afterEach(cleanup);

describe('QuoteOrderNotice', () => {
  it('says a valid quote is in the basket at its prices, and for how long', () => {
    const q: QuoteOrdered = { numero: 'DE-2026-000012', au_prix_du_devis: true, valable_jusqu_au: '27 décembre 2026', lignes: [line('a.stl', 4500, 4500)] };
    render(<QuoteOrderNotice ordered={q} />);
    const text = plain(screen.getByTestId('quote-order-notice').textContent);
    expect(text).toContain('La pièce du devis DE-2026-000012 est dans votre panier aux prix du devis, valables jusqu’au 27 décembre 2026');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('lists what changed since an expired quote, priced at today’s catalog', () => {
    const q: QuoteOrdered = {
      numero: 'DE-2026-000013',
      au_prix_du_devis: false,
      valable_jusqu_au: '2 novembre 2026',
      lignes: [line('a.stl', 4500, 5200), line('b.stl', 1200, 1200)],
    };
    render(<QuoteOrderNotice ordered={q} />);
    const text = plain(screen.getByTestId('quote-order-notice').textContent);
    expect(text).toContain('Le devis DE-2026-000013 était valable jusqu’au 2 novembre 2026 : ses pièces sont dans votre panier aux prix du jour.');
    expect(screen.getAllByRole('listitem').map((li) => plain(li.textContent))).toEqual(['a.stl (7 pièces) : 45,00 € HT au devis, 52,00 € HT aujourd’hui (en hausse)']);
  });
});
