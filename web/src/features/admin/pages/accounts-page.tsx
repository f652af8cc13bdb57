//! /compte/admin/account: accounts searched and paginated on the server (`?q=…&page=…` in the
//! address, so that a search is a link), role change, disabling, and each account's orders and
//! parts under its row.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { DataTableExpandedRows } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { PER_PAGE, useAccounts, type AdminAccount } from '../api/accounts';
import { AccountState, DisableButton, RoleCell } from '../components/account-actions';
import { AccountDetailPanel } from '../components/account-detail';
import { AdminTable } from '../components/admin-table';

export default function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const [expanded, setExpanded] = useState<DataTableExpandedRows | AdminAccount[]>([]);
  const { user } = useSession();
  const me = user?.email ?? '';
  const { data, isPending, isError, isFetching } = useAccounts(q, page);
  const go = (next: { q?: string; page?: number }) => {
    const merged = { q, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return (
    <Page title="Comptes" heading="Comptes clients" lead="Recherchez un compte par e-mail ou par nom ; changez son rôle, désactivez-le, consultez ses commandes et ses pièces.">
      <ConfirmDialog />
      <form className="list-search" role="search" onSubmit={(e) => (e.preventDefault(), go({ q: typed.trim() }))}>
        <label htmlFor="account-search">Rechercher</label>
        <InputText id="account-search" value={typed} maxLength={200} placeholder="E-mail, nom ou prénom" onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="p-button p-button-sm">Rechercher</button>
      </form>
      {isPending && <Loading />}
      {isError && <p className="card" role="alert">La liste des comptes ne peut pas être chargée pour le moment.</p>}
      {data && (
        <AdminTable
          rows={data.comptes}
          dataKey="id"
          paging={{ page, perPage: PER_PAGE, total: data.total, onPage: (next) => go({ page: next }) }}
          loading={isFetching}
          expansion={{ expanded, onToggle: setExpanded, template: (a: AdminAccount) => <AccountDetailPanel id={a.id} /> }}
          empty={q ? 'Aucun compte ne correspond à cette recherche.' : 'Aucun compte.'}
          header={`${data.total} compte(s)`}
        >
          <Column expander style={{ width: '3rem' }} />
          <Column header="Nom" body={(a: AdminAccount) => `${a.prenom} ${a.nom}`.trim() || '—'} />
          <Column header="E-mail" body={(a: AdminAccount) => a.email} />
          <Column header="Rôle" body={(a: AdminAccount) => <RoleCell account={a} self={a.email === me} />} />
          <Column header="État" body={(a: AdminAccount) => <AccountState account={a} />} />
          <Column header="Créé le" body={(a: AdminAccount) => formatDate(a.created_at)} />
          <Column header="" body={(a: AdminAccount) => <DisableButton account={a} self={a.email === me} />} />
        </AdminTable>
      )}
    </Page>
  );
}
