//! The admin lists' one table: PrimeReact's DataTable set up once (striped rows, French empty
//! message and page report), showing either one page of a list paged on the server or every row
//! of a short list, paged in the browser past 20. Columns are passed as children.
import type { ReactNode } from 'react';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';

/** One page of a list paged on the server. */
export interface ServerPaging {
  /** The page shown, from 1. */
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  /** Shows the paginator (and its "1 à 3 sur 3") even when every row fits on one page. */
  always?: boolean;
}

/** Rows that open a detail panel under them. */
export interface RowExpansion<T> {
  expanded: DataTableExpandedRows | T[];
  onToggle: (expanded: DataTableExpandedRows | T[]) => void;
  template: (row: T) => ReactNode;
}

interface AdminTableProps<T> {
  rows: T[];
  dataKey: string;
  empty: ReactNode;
  loading?: boolean;
  paging?: ServerPaging;
  /** A small table inside a panel: smaller rows, no card, the page report between the arrows. */
  compact?: boolean;
  header?: ReactNode;
  rowClassName?: (row: T) => string;
  expansion?: RowExpansion<T>;
  className?: string;
  testId?: string;
  children: ReactNode;
}

const BROWSER_PAGE = 20;
const PAGE_REPORT = '{first} à {last} sur {totalRecords}';
const FULL_PAGINATOR = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';
const COMPACT_PAGINATOR = 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink';

export function AdminTable<T extends object>({ rows, dataKey, empty, loading, paging, compact, header, rowClassName, expansion, className, testId, children }: AdminTableProps<T>) {
  const pagingProps = paging
    ? {
        lazy: true,
        paginator: paging.always === true || paging.total > paging.perPage,
        first: (paging.page - 1) * paging.perPage,
        rows: paging.perPage,
        totalRecords: paging.total,
        onPage: (e: { first: number }) => paging.onPage(Math.floor(e.first / paging.perPage) + 1),
      }
    : { paginator: rows.length > BROWSER_PAGE, rows: BROWSER_PAGE };
  const expansionProps = expansion
    ? { expandedRows: expansion.expanded, onRowToggle: (e: { data: DataTableExpandedRows | T[] }) => expansion.onToggle(e.data), rowExpansionTemplate: expansion.template }
    : {};
  return (
    <DataTable
      value={rows}
      dataKey={dataKey}
      {...pagingProps}
      {...expansionProps}
      loading={loading}
      emptyMessage={empty}
      header={header}
      rowClassName={rowClassName}
      currentPageReportTemplate={PAGE_REPORT}
      paginatorTemplate={compact ? COMPACT_PAGINATOR : FULL_PAGINATOR}
      size={compact ? 'small' : undefined}
      stripedRows
      className={className ?? (compact ? undefined : 'card')}
      data-testid={testId}
    >
      {children}
    </DataTable>
  );
}
