//! The totals block of the checkout and of an order, exactly as the server computed them (integer
//! cents; nothing recomputed here), with the VAT line named by its rate or its legal mention.
import { formatCents } from '@/lib/format';

export interface TotalsInput {
  sous_total_cents: number;
  remise_cents: number;
  code_reduction?: string | null;
  frais_port_cents: number;
  total_ht_cents: number;
  tva_taux_bp: number;
  tva_cents: number;
  total_ttc_cents: number;
  /** Reverse charge: orders placed before parts were treated as goods (issue 23) only. */
  autoliquidation?: boolean;
  intracommunautaire?: boolean;
  export_hors_ue?: boolean;
  mention_tva?: string | null;
}

export interface TotalsRow {
  id: 'sous-total' | 'remise' | 'port' | 'total-ht' | 'tva' | 'total-ttc';
  label: string;
  value: string;
  strong?: boolean;
}

/** `2000` -> `20 %`, `550` -> `5,5 %`. */
export function formatRate(bp: number): string {
  return `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })}\u00a0%`;
}

function vatLabel(t: TotalsInput): string {
  if (t.intracommunautaire) return 'TVA (livraison intracommunautaire, exonérée)';
  if (t.autoliquidation) return 'TVA (autoliquidation)';
  if (t.export_hors_ue) return `TVA (${t.mention_tva ?? 'export hors Union européenne'})`;
  return `TVA (${formatRate(t.tva_taux_bp)})`;
}

export function totalsRows(t: TotalsInput): TotalsRow[] {
  const rows: TotalsRow[] = [{ id: 'sous-total', label: 'Sous-total HT', value: formatCents(t.sous_total_cents) }];
  if (t.remise_cents > 0) {
    const label = t.code_reduction ? `Remise (${t.code_reduction})` : 'Remise';
    rows.push({ id: 'remise', label, value: `−${formatCents(t.remise_cents)}` });
  }
  rows.push(
    { id: 'port', label: 'Frais de port HT', value: t.frais_port_cents === 0 ? 'Offerts' : formatCents(t.frais_port_cents) },
    { id: 'total-ht', label: 'Total HT', value: formatCents(t.total_ht_cents) },
    { id: 'tva', label: vatLabel(t), value: formatCents(t.tva_cents) },
    { id: 'total-ttc', label: 'Total TTC', value: formatCents(t.total_ttc_cents), strong: true },
  );
  return rows;
}
