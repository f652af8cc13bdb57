import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Catalog, PriceOptions, ProcessOffer } from '@/wasm/types';
import { OptionsForm } from '../components/options-form';

const choice = (code: string, name: string) => ({ code, name, fee_cents: 0, rate_cents_per_cm2: 0 });

/** SLS with PA12 (black or white, raw or bead-blasted) and TPU, and one post-treatment. */
const catalog = {
  max_quantity: 1000,
  express: null,
  processes: [
    {
      code: 'SLS',
      name: 'Frittage laser',
      default_material: 'PA12',
      materials: [
        { code: 'PA12', name: 'Polyamide 12', default_colour: 'blanc', colours: [choice('blanc', 'Blanc'), choice('noir', 'Noir')], default_finish: 'brut', finishes: [choice('brut', 'Brut'), choice('microbille', 'Microbillé')] },
        { code: 'TPU', name: 'TPU', default_colour: 'blanc', colours: [choice('blanc', 'Blanc')], default_finish: 'brut', finishes: [choice('brut', 'Brut')] },
      ],
    },
  ],
  post_treatments: [{ index: 1, name: 'Taraudage', processes: ['SLS'], pricing: 'per_hole' }],
} as unknown as Catalog;

const offers = [{ process: 'SLS', breakdown: {} }] as unknown as ProcessOffer[];

function shown(label: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  return { value: select.value, text: select.selectedOptions[0]?.textContent ?? null, disabled: select.disabled };
}

function renderWith(options: Partial<PriceOptions>, onChange = vi.fn()) {
  const full = { process: 'SLS', material: null, colour: null, finish: null, post_treatments: [], quantity: 1, express: false, ...options } as PriceOptions;
  render(<OptionsForm catalog={catalog} offers={offers} options={full} onChange={onChange} />);
  return onChange;
}

afterEach(cleanup);

describe('the options form', () => {
  it('shows the saved choices, and the defaults when none was saved', () => {
    renderWith({ colour: 'noir' });
    expect(shown('Matériau')).toEqual({ value: 'PA12', text: 'Polyamide 12', disabled: false });
    expect(shown('Couleur')).toEqual({ value: 'noir', text: 'Noir', disabled: false });
    expect(shown('Finition')).toEqual({ value: 'brut', text: 'Brut', disabled: false });
    expect(screen.queryByText('Choisissez un matériau')).toBeNull();
  });

  it('shows no material but its placeholder when the saved one was withdrawn, and a new choice replaces it', () => {
    const onChange = renderWith({ material: 'PA6', colour: 'blanc' });
    expect(shown('Matériau')).toEqual({ value: '', text: 'Choisissez un matériau', disabled: false });
    expect(screen.getByLabelText('Matériau').getAttribute('aria-invalid')).toBe('true');
    expect(shown('Couleur')).toEqual({ value: '', text: 'Choisissez d’abord un matériau', disabled: true });
    expect(shown('Finition')).toEqual({ value: '', text: 'Choisissez d’abord un matériau', disabled: true });
    fireEvent.change(screen.getByLabelText('Matériau'), { target: { value: 'TPU' } });
    expect(onChange).toHaveBeenCalledWith({ material: 'TPU', colour: null, finish: null });
  });

  it('shows a withdrawn colour or finish as no selection with its placeholder', () => {
    renderWith({ material: 'PA12', colour: 'rouge', finish: 'poli' });
    expect(shown('Matériau').value).toBe('PA12');
    expect(shown('Couleur')).toEqual({ value: '', text: 'Choisissez une couleur', disabled: false });
    expect(shown('Finition')).toEqual({ value: '', text: 'Choisissez une finition', disabled: false });
  });

  it('keeps a withdrawn post-treatment ticked so that it can be unticked', () => {
    const onChange = renderWith({ post_treatments: [{ index: 1, holes: 2 }, { index: 7, holes: 0 }] });
    const gone = screen.getByLabelText(/^Post-traitement n°\s7 \(n’est plus proposé\)$/) as HTMLInputElement;
    expect(gone.checked).toBe(true);
    fireEvent.click(gone);
    expect(onChange).toHaveBeenCalledWith({ post_treatments: [{ index: 1, holes: 2 }] });
  });

  it('offers the process’s lead-time tiers with their days and price factor, and picks one', () => {
    const withTiers = {
      ...catalog,
      lead_time_days: 7,
      express: { lead_time_days: 3, factor_percent: 135 },
      processes: [{ ...catalog.processes[0], lead_times: [{ mode: 'economique', lead_time_days: 12, factor_percent: 90 }] }],
    } as Catalog;
    const onChange = vi.fn();
    const full = { process: 'SLS', material: null, colour: null, finish: null, post_treatments: [], quantity: 1, express: false, economique: true } as PriceOptions;
    render(<OptionsForm catalog={withTiers} offers={offers} options={full} onChange={onChange} />);
    const select = screen.getByLabelText('Délai') as HTMLSelectElement;
    expect(select.value).toBe('economique');
    expect([...select.options].map((o) => o.textContent?.replaceAll('\u00a0', ' '))).toEqual([
      'Économique (12 jours ouvrés, \u221210 %)',
      'Standard (7 jours ouvrés)',
      'Express (3 jours ouvrés, +35 %)',
    ]);
    fireEvent.change(select, { target: { value: 'express' } });
    expect(onChange).toHaveBeenCalledWith({ express: true, economique: false });
  });

  it('shows no lead-time choice when the process has the standard tier only', () => {
    renderWith({});
    expect(screen.queryByLabelText('Délai')).toBeNull();
  });
});
