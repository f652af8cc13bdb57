//! The VAT mention of an order (intra-EU supply, export), the VIES consultation an intra-EU supply
//! rests on, and what the customer was told at checkout when French VAT applied for want of VIES.
import { fr } from '@/lib/typography';

export interface VatInfo {
  mention_tva?: string | null;
  consultation_vies?: string | null;
  avis_tva?: string | null;
}

export function VatLines({ order }: { order: VatInfo }) {
  const lines = [order.mention_tva, order.consultation_vies, order.avis_tva].filter((l): l is string => !!l);
  if (lines.length === 0) return null;
  return (
    <div className="muted" data-testid="order-vat">
      {lines.map((l) => (
        <p key={l}>{fr(l)}</p>
      ))}
    </div>
  );
}
