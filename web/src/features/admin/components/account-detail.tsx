//! An account's orders (each a link to its admin page) and its parts, each one page at a time
//! from the server (newest first; a part waiting for review links to its review), under its row.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Column } from 'primereact/column';
import { Loading } from '@/components/ui/loading';
import { formatCents, formatDate } from '@/lib/format';
import { ORDERS_PER_PAGE, PARTS_PER_PAGE, useAccountOrders, useAccountParts, type AccountOrder, type AccountPart } from '../api/accounts';
import { AdminTable } from './admin-table';
import { StatusTag } from './status-tag';

interface PagedProps<T> {
  testId: string;
  title: string;
  empty: string;
  failed: string;
  perPage: number;
  page: number;
  onPage: (page: number) => void;
  query: { data?: { items: T[]; total: number }; isPending: boolean; isError: boolean; isFetching: boolean };
  children: ReactNode;
}

/** A titled table of one server page, with PrimeReact's paginator when there is more than one. */
function PagedSection<T extends { id: number }>({ testId, title, empty, failed, perPage, page, onPage, query, children }: PagedProps<T>) {
  const { data, isPending, isError, isFetching } = query;
  if (isPending) return <Loading />;
  if (isError || !data) return <p role="alert">{failed}</p>;
  return (
    <section data-testid={testId}>
      <h3>
        {title} ({data.total})
      </h3>
      {data.total === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <AdminTable rows={data.items} dataKey="id" paging={{ page, perPage, total: data.total, onPage }} loading={isFetching} empty={empty} compact>
          {children}
        </AdminTable>
      )}
    </section>
  );
}

function AccountOrders({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = useAccountOrders(id, page);
  return (
    <PagedSection<AccountOrder>
      testId="account-orders"
      title="Commandes"
      empty="Aucune commande."
      failed="Les commandes de ce compte ne peuvent pas être chargées."
      perPage={ORDERS_PER_PAGE}
      page={page}
      onPage={setPage}
      query={query}
    >
      <Column header="Commande" body={(o: AccountOrder) => <Link to={`/compte/admin/commande/${o.id}`}>{o.numero}</Link>} bodyClassName="nowrap" />
      <Column header="État" body={(o: AccountOrder) => <StatusTag statut={o.statut} />} />
      <Column header="Total TTC" body={(o: AccountOrder) => formatCents(o.total_ttc_cents)} bodyClassName="nowrap" />
      <Column header="Passée le" body={(o: AccountOrder) => formatDate(o.created_at)} bodyClassName="nowrap" />
    </PagedSection>
  );
}

function AccountParts({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = useAccountParts(id, page);
  return (
    <PagedSection<AccountPart>
      testId="account-parts"
      title="Pièces"
      empty="Aucune pièce."
      failed="Les pièces de ce compte ne peuvent pas être chargées."
      perPage={PARTS_PER_PAGE}
      page={page}
      onPage={setPage}
      query={query}
    >
      <Column header="Pièce" body={(p: AccountPart) => (p.id_status === 2 ? <Link to={`/compte/admin/piece-validation?piece=${p.id}`}>{p.file_name}</Link> : p.file_name)} />
      <Column header="État" body={(p: AccountPart) => p.statut} />
      <Column header="Créée le" body={(p: AccountPart) => formatDate(p.created_at)} bodyClassName="nowrap" />
    </PagedSection>
  );
}

export function AccountDetailPanel({ id }: { id: number }) {
  return (
    <div className="grid-3 account-detail" data-testid="account-detail">
      <AccountOrders id={id} />
      <AccountParts id={id} />
    </div>
  );
}
