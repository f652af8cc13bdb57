//! The orders that used a code, newest first (`GET Reduction/{id}/utilisations`), a page at a
//! time: order, date, account and the discount granted.
import { useState } from 'react';
import { Link } from 'react-router';
import { Column } from 'primereact/column';
import { formatCents, formatDateTime } from '@/lib/format';
import { useDiscountUses, type DiscountUse } from '../api/discounts';
import { AdminTable } from './admin-table';
import { StatusTag } from './status-tag';

const PER_PAGE = 10;

export function DiscountUses({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching } = useDiscountUses(id, page, PER_PAGE);
  if (isError) return <p>Les utilisations de ce code ne peuvent pas être chargées pour le moment.</p>;
  return (
    <AdminTable
      rows={data?.items ?? []}
      dataKey="id_commande"
      paging={{ page, perPage: PER_PAGE, total: data?.total ?? 0, onPage: setPage }}
      loading={isPending || isFetching}
      empty="Ce code n’a encore été utilisé par aucune commande."
      className=""
      testId="discount-uses"
    >
      <Column header="Commande" body={(u: DiscountUse) => <Link to={`/compte/admin/commande/${u.id_commande}`}>{u.numero}</Link>} />
      <Column header="Date" body={(u: DiscountUse) => formatDateTime(u.date)} />
      <Column
        header="Compte"
        body={(u: DiscountUse) => (
          <span className="customer-cell">
            <strong>{`${u.compte.prenom} ${u.compte.nom}`.trim() || u.compte.email}</strong>
            <span className="muted">{u.compte.email}</span>
          </span>
        )}
      />
      <Column header="Remise HT" body={(u: DiscountUse) => formatCents(u.remise_cents)} />
      <Column header="État" body={(u: DiscountUse) => <StatusTag statut={u.statut} />} />
    </AdminTable>
  );
}
