import { describe, expect, it } from 'vitest';
import { formatRate, totalsRows, type TotalsInput } from '../totals-display';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const base: TotalsInput = {
  sous_total_cents: 4350,
  remise_cents: 435,
  code_reduction: 'BIENVENUE10',
  frais_port_cents: 690,
  total_ht_cents: 4605,
  tva_taux_bp: 2000,
  tva_cents: 921,
  total_ttc_cents: 5526,
};
const row = (t: TotalsInput, id: string) => totalsRows(t).find((r) => r.id === id);

describe('totalsRows', () => {
  it('shows the server amounts exactly, in order, without recomputing them', () => {
    const rows = totalsRows({ ...base, total_ttc_cents: 123456 });
    expect(rows.map((r) => r.id)).toEqual(['sous-total', 'remise', 'port', 'total-ht', 'tva', 'total-ttc']);
    expect(rows.map((r) => r.value)).toEqual([`43,50${NBSP}€`, `−4,35${NBSP}€`, `6,90${NBSP}€`, `46,05${NBSP}€`, `9,21${NBSP}€`, `1${NNBSP}234,56${NBSP}€`]);
    expect(row(base, 'remise')?.label).toBe('Remise (BIENVENUE10)');
    expect(row(base, 'total-ttc')?.strong).toBe(true);
  });

  it('names the VAT by its rate, or by the legal mention when there is none to pay', () => {
    expect(row(base, 'tva')?.label).toBe(`TVA (20${NBSP}%)`);
    expect(row({ ...base, tva_taux_bp: 550 }, 'tva')?.label).toBe(`TVA (5,5${NBSP}%)`);
    const intraEu = { ...base, tva_taux_bp: 0, tva_cents: 0, intracommunautaire: true, mention_tva: 'Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire' };
    expect(row(intraEu, 'tva')?.label).toBe('TVA (livraison intracommunautaire, exonérée)');
    // An order placed before parts were sold as goods keeps its reverse charge.
    expect(row({ ...base, tva_taux_bp: 0, tva_cents: 0, autoliquidation: true }, 'tva')?.label).toBe('TVA (autoliquidation)');
    const exportSale = { ...base, tva_taux_bp: 0, tva_cents: 0, export_hors_ue: true, mention_tva: 'Exonération de TVA, article 262 I du CGI' };
    expect(row(exportSale, 'tva')?.label).toBe('TVA (Exonération de TVA, article 262 I du CGI)');
    expect(row({ ...exportSale, mention_tva: null }, 'tva')?.label).toBe('TVA (export hors Union européenne)');
  });

  it('leaves out a zero discount and says when shipping is free', () => {
    const rows = totalsRows({ ...base, remise_cents: 0, code_reduction: null, frais_port_cents: 0 });
    expect(rows.some((r) => r.id === 'remise')).toBe(false);
    expect(rows.find((r) => r.id === 'port')?.value).toBe('Offerts');
  });

  it('formats basis points as a French percentage', () => {
    expect(formatRate(2000)).toBe(`20${NBSP}%`);
    expect(formatRate(1000)).toBe(`10${NBSP}%`);
    expect(formatRate(0)).toBe(`0${NBSP}%`);
  });
});
