import { describe, expect, it } from 'vitest';
import type { Catalog } from '@/wasm/types';
import { addChoice, addMaterial, addPostTreatment, edited, emptyNumbers, newCodeError, newNameError, removeChoice, removeMaterial } from '../catalog-draft';

const base = {
  currency: 'EUR',
  processes: [{ code: 'SLA', materials: [{ code: 'R', handling_fee_cents: 500, colours: [{ fee_cents: 0 }] }] }],
  quantity_breaks: [{ min_quantity: 10, discount_percent: 10 }],
  express: null,
} as unknown as Catalog;

describe('catalog draft', () => {
  it('changes a copy and leaves the loaded catalog as it was', () => {
    const next = edited(base, (c) => {
      c.processes[0].materials[0].handling_fee_cents = 300;
    });
    expect(next.processes[0].materials[0].handling_fee_cents).toBe(300);
    expect(base.processes[0].materials[0].handling_fee_cents).toBe(500);
  });

  it('names every emptied number by its path, but not an absent express offer', () => {
    expect(emptyNumbers(base)).toEqual([]);
    const next = edited(base, (c) => {
      (c.processes[0].materials[0].colours[0] as { fee_cents: number | null }).fee_cents = null;
      (c.quantity_breaks[0] as { discount_percent: number | null }).discount_percent = null;
    });
    expect(emptyNumbers(next)).toEqual(['processes[0].materials[0].colours[0].fee_cents', 'quantity_breaks[0].discount_percent']);
  });
});

const catalog = (): Catalog =>
  ({
    currency: 'EUR',
    processes: [
      {
        code: 'SLS',
        default_material: 'PA12',
        materials: [
          { code: 'PA12', name: 'Polyamide 12', handling_fee_cents: 500, default_colour: 'blanc', colours: [{ code: 'blanc', name: 'Blanc', fee_cents: 0, rate_cents_per_cm2: 0 }, { code: 'noir', name: 'Noir', fee_cents: 100, rate_cents_per_cm2: 1 }], default_finish: 'brut', finishes: [{ code: 'brut', name: 'Brut', fee_cents: 0, rate_cents_per_cm2: 0 }] },
          { code: 'TPU', name: 'TPU', handling_fee_cents: 700, default_colour: 'blanc', colours: [], default_finish: 'brut', finishes: [] },
        ],
      },
      { code: 'MJF', default_material: 'PA12', materials: [] },
    ],
    post_treatments: [
      { index: 0, code: 'polissage', name: 'Polissage', processes: ['SLS'] },
      { index: 2, code: 'revetement', name: 'Revêtement', processes: ['SLS'] },
    ],
  }) as unknown as Catalog;

describe('adding and removing catalog items', () => {
  it('checks a new identifier and name against the list, as quote-core will', () => {
    expect(newCodeError('PA6', ['PA12', 'TPU'])).toBeNull();
    expect(newCodeError('bleu-nuit_2', [])).toBeNull();
    expect(newCodeError(' ', [])).toBe('Indiquez un identifiant.');
    expect(newCodeError('PA 6', [])).toContain('Lettres sans accent');
    expect(newCodeError('acier_trempé', [])).toContain('Lettres sans accent');
    expect(newCodeError('A'.repeat(41), [])).toContain('40 caractères');
    expect(newCodeError('TPU', ['PA12', 'TPU'])).toBe('L’identifiant « TPU » existe déjà ici.');
    expect(newNameError('Polyamide 6', ['Polyamide 12'])).toBeNull();
    expect(newNameError('  ', [])).toBe('Indiquez un nom.');
    expect(newNameError(' polyamide 12 ', ['Polyamide 12'])).toBe('Le nom « polyamide 12 » existe déjà ici.');
    expect(newNameError('x'.repeat(81), [])).toBe('Le nom dépasse 80 caractères.');
  });

  it('adds a material from the rates of the process default, and a first one as the default', () => {
    const next = edited(catalog(), (c) => {
      addMaterial(c, 0, 'PA6', 'Polyamide 6');
      addMaterial(c, 1, 'PA12', 'Polyamide 12 MJF');
    });
    const pa6 = next.processes[0].materials[2];
    expect(pa6).toMatchObject({ code: 'PA6', name: 'Polyamide 6', handling_fee_cents: 500, default_colour: 'blanc' });
    expect(pa6.colours.map((c) => c.code)).toEqual(['blanc', 'noir']);
    // A copy: changing the new one leaves its model alone.
    pa6.colours[0].fee_cents = 9;
    expect(next.processes[0].materials[0].colours[0].fee_cents).toBe(0);
    expect(next.processes[1].materials).toHaveLength(1);
    expect(next.processes[1].default_material).toBe('PA12');
    expect(next.processes[1].materials[0]).toMatchObject({ code: 'PA12', colours: [], finishes: [], density_g_cm3: 1 });
  });

  it('removes a material, handing the default to the first one left', () => {
    const next = edited(catalog(), (c) => removeMaterial(c, 0, 0));
    expect(next.processes[0].materials.map((m) => m.code)).toEqual(['TPU']);
    expect(next.processes[0].default_material).toBe('TPU');
    const other = edited(catalog(), (c) => removeMaterial(c, 0, 1));
    expect(other.processes[0].default_material).toBe('PA12');
  });

  it('adds and removes colours and finishes, keeping a default that exists', () => {
    const next = edited(catalog(), (c) => {
      addChoice(c, 0, 0, 'colours', 'rouge', 'Rouge');
      addChoice(c, 0, 1, 'finishes', 'microbille', 'Microbillé');
      removeChoice(c, 0, 0, 'colours', 0);
    });
    const [pa12, tpu] = next.processes[0].materials;
    expect(pa12.colours.map((c) => [c.code, c.fee_cents, c.rate_cents_per_cm2])).toEqual([['noir', 100, 1], ['rouge', 0, 0]]);
    expect(pa12.default_colour).toBe('noir');
    expect(tpu.finishes.map((f) => f.code)).toEqual(['microbille']);
    expect(tpu.default_finish).toBe('microbille');
  });

  it('adds a post-treatment at the next free index, offered with every process', () => {
    const next = edited(catalog(), (c) => addPostTreatment(c, 'teinture', 'Teinture', 'area'));
    expect(next.post_treatments[2]).toEqual({ index: 3, code: 'teinture', name: 'Teinture', description: '', pricing: 'area', fee_cents: 0, rate_cents: 0, processes: ['SLS', 'MJF'] });
  });
});
