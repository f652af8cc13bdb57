//! A read-only admin list fed by a controller; a failure shows as an error, never as an empty list.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Loading } from '@/components/ui/loading';
import { fetchList } from '@/lib/fetch-list';

export interface AdminColumn<T> {
  header: string;
  body: (row: T) => ReactNode;
}

interface AdminTableProps<T> {
  path: string;
  columns: AdminColumn<T>[];
  empty: string;
  /** Rows shown (all when absent), e.g. the orders that have an invoice. */
  keep?: (row: T) => boolean;
}

export function AdminTable<T extends object>({ path, columns, empty, keep }: AdminTableProps<T>) {
  const { data, isPending, isError } = useQuery({ queryKey: ['admin', path], queryFn: () => fetchList<T>(path) });
  if (isPending) return <Loading />;
  if (isError) return <p className="card">La liste ne peut pas être chargée pour le moment.</p>;
  const rows = keep ? data.filter(keep) : data;
  return (
    <DataTable value={rows} emptyMessage={empty} paginator={rows.length > 20} rows={20} stripedRows className="card">
      {columns.map((c) => (
        <Column key={c.header} header={c.header} body={c.body} />
      ))}
    </DataTable>
  );
}
