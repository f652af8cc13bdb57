//! /compte/admin/reduction: discount codes (`GET Reduction`, every code, admin).
import { Page } from '@/components/ui/page';
import { formatRate } from '@/features/checkout/totals-display';
import { formatCents, formatDate } from '@/lib/format';
import { AdminTable } from '../components/admin-table';

interface Discount {
  id: number;
  code: string;
  type: 'percent' | 'fixed';
  valeur: number;
  minimum_commande_cents: number | null;
  valide_du: string | null;
  valide_au: string | null;
  utilisations: number;
  utilisations_max: number | null;
  actif: boolean;
}

export default function DiscountsPage() {
  return (
    <Page title="Réductions" lead="Codes de réduction : pourcentage ou montant fixe, période de validité, minimum de commande et limites d’utilisation.">
      <AdminTable<Discount>
        path="Reduction"
        empty="Aucun code de réduction pour le moment."
        columns={[
          { header: 'Code', body: (d) => <code>{d.code}</code> },
          { header: 'Valeur', body: (d) => (d.type === 'percent' ? formatRate(d.valeur) : formatCents(d.valeur)) },
          { header: 'Minimum', body: (d) => (d.minimum_commande_cents ? formatCents(d.minimum_commande_cents) : '—') },
          { header: 'Du', body: (d) => (d.valide_du ? formatDate(d.valide_du) : '—') },
          { header: 'Au', body: (d) => (d.valide_au ? formatDate(d.valide_au) : '—') },
          { header: 'Utilisations', body: (d) => (d.utilisations_max != null ? `${d.utilisations} / ${d.utilisations_max}` : String(d.utilisations)) },
          { header: 'État', body: (d) => (d.actif ? 'Actif' : 'Désactivé') },
        ]}
      />
    </Page>
  );
}
