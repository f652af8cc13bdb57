//! /compte/admin/commande: the orders of every customer (`GET Commande`), newest first.
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import type { AdminOrder } from '../api/admin-orders';
import { AdminTable } from '../components/admin-table';

export default function AdminOrdersPage() {
  return (
    <Page title="Commandes" lead="Les commandes passées sur le site, de la plus récente à la plus ancienne.">
      <AdminTable<AdminOrder>
        path="Commande"
        empty="Aucune commande pour le moment."
        columns={[
          { header: 'Commande', body: (o) => o.numero },
          { header: 'Client', body: (o) => o.client?.email ?? '—' },
          { header: 'Date', body: (o) => formatDate(o.date) },
          { header: 'État', body: (o) => o.statut },
          { header: 'Paiement', body: (o) => (o.mode_paiement === 'carte' ? 'Carte' : 'Virement') },
          { header: 'Total TTC', body: (o) => formatCents(o.total_ttc_cents) },
        ]}
      />
    </Page>
  );
}
