//! Cells of the discount codes list: value, validity, uses and limits, reserved account.
import { formatCents, formatDate } from '@/lib/format';
import { formatRate } from '@/lib/totals-display';
import type { Discount } from '../api/discounts';

export function DiscountValue({ d }: { d: Discount }) {
  return <span>{d.type === 'percent' ? formatRate(d.valeur) : formatCents(d.valeur)}</span>;
}

export function Validity({ d }: { d: Discount }) {
  if (!d.valide_du && !d.valide_au) return <span className="muted">Sans limite</span>;
  if (!d.valide_au) return <span>À partir du {formatDate(d.valide_du ?? '')}</span>;
  if (!d.valide_du) return <span>Jusqu’au {formatDate(d.valide_au)}</span>;
  return (
    <span>
      Du {formatDate(d.valide_du)} au {formatDate(d.valide_au)}
    </span>
  );
}

export function Limits({ d }: { d: Discount }) {
  return (
    <span className="customer-cell">
      <strong data-testid="discount-uses-count">{d.utilisations_max != null ? `${d.utilisations} / ${d.utilisations_max}` : String(d.utilisations)}</strong>
      {d.utilisations_max_par_compte != null ? <span className="muted">{d.utilisations_max_par_compte} par compte</span> : null}
      {d.minimum_commande_cents > 0 ? <span className="muted">dès {formatCents(d.minimum_commande_cents)} HT</span> : null}
    </span>
  );
}

export function Reserved({ d }: { d: Discount }) {
  if (d.id_compte == null) return <span className="muted">Tous les comptes</span>;
  return <span>{d.email_compte ?? `Compte n° ${d.id_compte}`}</span>;
}
