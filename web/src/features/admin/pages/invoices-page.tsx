//! /compte/admin/factures: issued invoices (numbered without gaps).
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import { AdminTable } from '../components/admin-table';

interface Invoice {
  id: number;
  numero?: string;
  issuedAt?: string;
  client?: string;
  total_ttc_cents?: number;
}

export default function InvoicesPage() {
  return (
    <Page title="Factures" lead="Les factures émises au paiement des commandes. Une facture émise n’est jamais modifiée : une erreur se corrige par un avoir.">
      <AdminTable<Invoice>
        path="Factures"
        empty="Aucune facture émise pour le moment."
        columns={[
          { header: 'Numéro', body: (f) => f.numero ?? `n° ${f.id}` },
          { header: 'Date', body: (f) => (f.issuedAt ? formatDate(f.issuedAt) : '—') },
          { header: 'Client', body: (f) => f.client ?? '—' },
          { header: 'Total TTC', body: (f) => (f.total_ttc_cents != null ? formatCents(f.total_ttc_cents) : '—') },
        ]}
      />
    </Page>
  );
}
