import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Reordered } from '@/lib/api/orders';
import { ReorderNotice } from '../components/reorder-notice';

const plain = (s: string | null | undefined) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
const line = (designation: string, before: number, now: number | null, raison: string | null = null) => ({
  id_piece: 1,
  designation,
  quantite: 3,
  total_ht_avant_cents: before,
  total_ht_cents: now,
  raison,
});

afterEach(cleanup);

describe('ReorderNotice', () => {
  it('says the prices did not change when no line changed', () => {
    const r: Reordered = { numero: 'CO-2026-000004', lignes: [line('a.stl', 4500, 4500), line('b.stl', 1200, 1200)] };
    render(<ReorderNotice reordered={r} />);
    const text = plain(screen.getByTestId('reorder-notice').textContent);
    expect(text).toContain('Les 2 pièces de la commande CO-2026-000004 sont dans votre panier');
    expect(text).toContain('Les prix n’ont pas changé depuis la commande.');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('lists each changed line with its totals then and now, and a line that cannot be ordered', () => {
    const r: Reordered = {
      numero: 'CO-2026-000005',
      lignes: [line('a.stl', 4500, 5200), line('b.stl', 1200, 1100), line('c.stl', 900, 900), line('d.stl', 800, null, 'Le matériau « TPU » n’est plus proposé en SLS.')],
    };
    render(<ReorderNotice reordered={r} />);
    const items = screen.getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(items).toEqual([
      'a.stl (3 pièces) : 45,00 € HT à la commande, 52,00 € HT aujourd’hui (en hausse)',
      'b.stl (3 pièces) : 12,00 € HT à la commande, 11,00 € HT aujourd’hui (en baisse)',
      'd.stl : ne peut pas être commandée en l’état — Le matériau « TPU » n’est plus proposé en SLS.',
    ]);
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
