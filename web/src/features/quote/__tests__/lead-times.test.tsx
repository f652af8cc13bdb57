import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { LeadTimeMode } from '@/wasm/types';
import type { TierOffer } from '@/workers/quote.worker';
import { LeadTimes } from '../components/lead-times';

const tier = (mode: LeadTimeMode, days: number, expedition: string, line: number | null): TierOffer => ({
  row: { process: 'SLS', mode, jours_ouvres: days, facteur_pourcent: 100, expedition, livraison: [{ zone: 'france', du: expedition, au: expedition }] },
  line_cents: line,
  chosen: false,
});

const tiers = [tier('economique', 12, '2027-01-13', 5400), tier('standard', 7, '2027-01-06', 6000), tier('express', 3, '2026-12-30', 8100)];
const plain = (s: string | null | undefined) => (s ?? '').replaceAll('\u202f', ' ').replaceAll('\u00a0', ' ');

afterEach(cleanup);

describe('the lead-time tiers of the card', () => {
  it('shows the économique tier’s price and ship date, and chooses it like the others', () => {
    const onChoose = vi.fn();
    render(<LeadTimes tiers={tiers} mode="standard" onChoose={onChoose} />);
    const eco = screen.getByTestId('tier-economique');
    expect(plain(within(eco).getByTestId('tier-price').textContent)).toBe('54,00 € HT');
    expect(within(eco).getByTestId('tier-ship').getAttribute('data-date')).toBe('2027-01-13');
    const radio = within(eco).getByRole('radio') as HTMLInputElement;
    expect(radio.disabled).toBe(false);
    expect(radio.checked).toBe(false);
    fireEvent.click(radio);
    expect(onChoose).toHaveBeenCalledWith('economique');
  });

  it('marks the tier the options ask for, and one the engine cannot price is not offered', () => {
    render(<LeadTimes tiers={[...tiers.slice(1), tier('economique', 12, '2027-01-13', null)]} mode="economique" onChoose={vi.fn()} />);
    const eco = screen.getByTestId('tier-economique');
    expect(eco.className).toBe('tier tier-chosen');
    expect(plain(within(eco).getByTestId('tier-price').textContent)).toBe('non proposé');
    expect((within(eco).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
    expect((within(screen.getByTestId('tier-standard')).getByRole('radio') as HTMLInputElement).checked).toBe(false);
  });
});
