//! /compte/admin/commande: the orders of every customer.
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import { AdminTable } from '../components/admin-table';

interface Order {
  id: number;
  reference?: string;
  email?: string;
  createdAt?: string;
  status?: string;
  total_ttc_cents?: number;
}

export default function AdminOrdersPage() {
  return (
    <Page title="Commandes" lead="Les commandes passées sur le site, de la plus récente à la plus ancienne.">
      <AdminTable<Order>
        path="Commande"
        empty="Aucune commande pour le moment."
        columns={[
          { header: 'Commande', body: (o) => o.reference ?? `n° ${o.id}` },
          { header: 'Client', body: (o) => o.email ?? '—' },
          { header: 'Date', body: (o) => (o.createdAt ? formatDate(o.createdAt) : '—') },
          { header: 'État', body: (o) => o.status ?? '—' },
          { header: 'Total TTC', body: (o) => (o.total_ttc_cents != null ? formatCents(o.total_ttc_cents) : '—') },
        ]}
      />
    </Page>
  );
}
