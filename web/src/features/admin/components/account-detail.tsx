//! An account's orders (each a link to its admin page) and its parts, one page at a time from the
//! server (newest first; a part waiting for review links to its review), under its row.
import { useState } from 'react';
import { Link } from 'react-router';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Loading } from '@/components/ui/loading';
import { formatCents, formatDate } from '@/lib/format';
import { PARTS_PER_PAGE, useAccountDetail, useAccountParts, type AccountPart } from '../api/accounts';

function AccountParts({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching } = useAccountParts(id, page);
  if (isPending) return <Loading />;
  if (isError) return <p role="alert">Les pièces de ce compte ne peuvent pas être chargées.</p>;
  return (
    <section data-testid="account-parts">
      <h3>Pièces ({data.total})</h3>
      {data.total === 0 ? (
        <p className="muted">Aucune pièce.</p>
      ) : (
        <DataTable
          value={data.items}
          dataKey="id"
          lazy
          paginator={data.total > PARTS_PER_PAGE}
          first={(page - 1) * PARTS_PER_PAGE}
          rows={PARTS_PER_PAGE}
          totalRecords={data.total}
          onPage={(e) => setPage(Math.floor(e.first / PARTS_PER_PAGE) + 1)}
          loading={isFetching}
          currentPageReportTemplate="{first} à {last} sur {totalRecords}"
          paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink"
          size="small"
          stripedRows
        >
          <Column header="Pièce" body={(p: AccountPart) => (p.idStatus === 2 ? <Link to={`/compte/admin/piece-validation?piece=${p.id}`}>{p.fileName}</Link> : p.fileName)} />
          <Column header="État" body={(p: AccountPart) => p.statut} />
          <Column header="Créée le" body={(p: AccountPart) => formatDate(p.createdAt)} bodyClassName="nowrap" />
        </DataTable>
      )}
    </section>
  );
}

export function AccountDetailPanel({ id }: { id: number }) {
  const { data, isPending, isError } = useAccountDetail(id);
  if (isPending) return <Loading />;
  if (isError) return <p role="alert">Le détail de ce compte ne peut pas être chargé.</p>;
  return (
    <div className="grid-3 account-detail" data-testid="account-detail">
      <section>
        <h3>Commandes ({data.commandes.length})</h3>
        {data.commandes.length === 0 ? (
          <p className="muted">Aucune commande.</p>
        ) : (
          <ul>
            {data.commandes.map((o) => (
              <li key={o.id}>
                <Link to={`/compte/admin/commande/${o.id}`}>{o.numero}</Link> — {o.statut} — {formatCents(o.totalTtcCents)} TTC — {formatDate(o.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AccountParts id={id} />
    </div>
  );
}
