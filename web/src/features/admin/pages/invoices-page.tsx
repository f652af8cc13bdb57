//! /compte/admin/factures: every invoice and credit note (`GET Factures`), newest first, filtered
//! by kind and searched by number, order or customer on the server, with the PDFs. An invoice
//! whose order can still be cancelled gets "Émettre un avoir": the order is cancelled with a
//! reason and the server issues the credit note. Below, the accountant's exports of a period.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Page } from '@/components/ui/page';
import { useDocuments, type InvoiceDocument } from '../api/invoices';
import { CancelForm } from '../components/cancel-form';
import { AmountsCell, ClientCell, DocumentCell, LinkCell, OrderCell } from '../components/document-cells';
import { AccountingExports } from '../components/accounting-exports';
import { AdminTable } from '../components/admin-table';
import { ListSearch } from '../components/list-search';

const PER_PAGE = 20;
// The dropdown shows an empty value as blank: "both kinds" has a value of its own.
const ALL = 'tous';
const KINDS = [
  { label: 'Factures et avoirs', value: ALL },
  { label: 'Factures', value: 'facture' },
  { label: 'Avoirs', value: 'avoir' },
];

export default function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const [cancelling, setCancelling] = useState<InvoiceDocument | null>(null);
  const type = params.get('type') === 'facture' || params.get('type') === 'avoir' ? (params.get('type') as 'facture' | 'avoir') : null;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, isPending, isError, isFetching } = useDocuments({ type, q, page, parPage: PER_PAGE });
  const go = (next: { type?: string; q?: string; page?: number }) => {
    const merged = { type: type ?? '', q, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.type) search.set('type', merged.type);
    if (merged.q) search.set('q', merged.q);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return (
    <Page title="Factures" lead="Les factures émises au paiement des commandes et les avoirs qui les annulent. Une facture émise n’est jamais modifiée : une erreur se corrige par un avoir.">
      <ListSearch key={q} id="invoice-search" label="Rechercher" placeholder="FA-2026-000001, CO-2026-000012, client ou entreprise" value={q} onSearch={(text) => go({ q: text })}>
        <div className="field">
          <label htmlFor="invoice-type-filter">Documents</label>
          <Dropdown inputId="invoice-type-filter" value={type ?? ALL} options={KINDS} onChange={(e) => go({ type: e.value === ALL ? '' : String(e.value ?? '') })} />
        </div>
      </ListSearch>
      {isError ? <p className="card">La liste des factures ne peut pas être chargée pour le moment.</p> : null}
      {!isError ? (
        <AdminTable
          rows={data?.items ?? []}
          dataKey="numero"
          paging={{ page, perPage: PER_PAGE, total: data?.total ?? 0, onPage: (next) => go({ page: next }), always: true }}
          loading={isPending || isFetching}
          empty={q || type ? 'Aucun document ne correspond à ces critères.' : 'Aucune facture émise pour le moment.'}
        >
          <Column header="Document" body={(d: InvoiceDocument) => <DocumentCell d={d} />} />
          <Column header="Commande" body={(d: InvoiceDocument) => <OrderCell d={d} />} />
          <Column header="Client" body={(d: InvoiceDocument) => <ClientCell d={d} />} />
          <Column header="Montants" body={(d: InvoiceDocument) => <AmountsCell d={d} />} />
          <Column header="Avoir" body={(d: InvoiceDocument) => <LinkCell d={d} />} />
          <Column
            header=""
            body={(d: InvoiceDocument) =>
              d.annulable ? <Button label="Émettre un avoir" icon="pi pi-replay" size="small" outlined severity="danger" onClick={() => setCancelling(d)} data-testid="issue-credit-note" /> : null
            }
          />
        </AdminTable>
      ) : null}
      <AccountingExports />
      <Dialog header={cancelling ? `Avoir pour la facture ${cancelling.numero}` : ''} visible={cancelling !== null} onHide={() => setCancelling(null)} style={{ width: 'min(32rem, 95vw)' }}>
        {cancelling ? <CancelForm orderId={cancelling.id_commande} numero={cancelling.commande} paid onDone={() => setCancelling(null)} /> : null}
      </Dialog>
    </Page>
  );
}
