//! /compte/admin/factures: the invoices issued, read from the orders that carry one (`GET
//! Commande`), with their credit notes and PDFs.
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import type { AdminOrder } from '../api/admin-orders';
import { AdminTable } from '../components/admin-table';

export default function InvoicesPage() {
  return (
    <Page title="Factures" lead="Les factures émises au paiement des commandes. Une facture émise n’est jamais modifiée : une erreur se corrige par un avoir.">
      <AdminTable<AdminOrder>
        path="Commande"
        keep={(o) => o.facture != null}
        empty="Aucune facture émise pour le moment."
        columns={[
          { header: 'Facture', body: (o) => (o.facture ? <a href={o.facture.url}>{o.facture.numero}</a> : '—') },
          { header: 'Commande', body: (o) => `${o.numero} du ${formatDate(o.date)}` },
          { header: 'Client', body: (o) => o.client?.email ?? '—' },
          { header: 'Total TTC', body: (o) => formatCents(o.total_ttc_cents) },
          { header: 'Avoir', body: (o) => (o.avoir ? <a href={o.avoir.url}>{o.avoir.numero}</a> : '—') },
        ]}
      />
    </Page>
  );
}
