//! /compte/admin/reduction: discount codes (`Reduction/Reductions`).
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import { AdminTable } from '../components/admin-table';

interface Discount {
  id: number;
  code: string;
  percent?: number | null;
  amount_cents?: number | null;
  validFrom?: string;
  validUntil?: string;
}

export default function DiscountsPage() {
  return (
    <Page title="Réductions" lead="Codes de réduction : pourcentage ou montant fixe, période de validité, minimum de commande et limites d’utilisation.">
      <AdminTable<Discount>
        path="Reduction/Reductions"
        empty="Aucun code de réduction pour le moment."
        columns={[
          { header: 'Code', body: (d) => <code>{d.code}</code> },
          { header: 'Valeur', body: (d) => (d.percent != null ? `${d.percent}\u00a0%` : d.amount_cents != null ? formatCents(d.amount_cents) : '—') },
          { header: 'Du', body: (d) => (d.validFrom ? formatDate(d.validFrom) : '—') },
          { header: 'Au', body: (d) => (d.validUntil ? formatDate(d.validUntil) : '—') },
        ]}
      />
    </Page>
  );
}
