//! /compte/admin/journal: the audit log (`GET Admin/Journal`), newest first, filtered by admin,
//! action and days, 50 lines a page.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { handleApiError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { describeState, fetchJournal, type JournalFilter } from '../api/journal';

const EMPTY: JournalFilter = { acteur: '', action: '', du: '', au: '', page: 1 };

export default function JournalPage() {
  const [filter, setFilter] = useState<JournalFilter>(EMPTY);
  const [draft, setDraft] = useState<JournalFilter>(EMPTY);
  const journal = useQuery({
    queryKey: ['admin', 'Journal', filter],
    queryFn: () =>
      fetchJournal(filter).catch((error: unknown) => {
        throw new Error(handleApiError(error).toast.detail ?? 'Erreur serveur interne');
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, page: 1 });
  };
  const field = (key: 'acteur' | 'du' | 'au', label: string, type: string) => (
    <label>
      {label}
      <input type={type} name={key} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </label>
  );
  const data = journal.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.par_page)) : 1;
  return (
    <Page title="Journal des actions" lead="Chaque action des administrateurs : qui, quand, quoi, l’état avant et après.">
      <form className="card filter-bar" onSubmit={submit} aria-label="Filtres du journal">
        {field('acteur', 'Administrateur (e-mail)', 'search')}
        <label>
          Action
          <select name="action" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">Toutes les actions</option>
            {data?.actions.map((a) => (
              <option key={a.code} value={a.code}>
                {a.libelle}
              </option>
            ))}
          </select>
        </label>
        {field('du', 'Du', 'date')}
        {field('au', 'Au', 'date')}
        <button type="submit" className="p-button">
          Filtrer
        </button>
      </form>
      {journal.isPending && <Loading />}
      {journal.isError && (
        <p className="card" role="alert">
          {journal.error.message}
        </p>
      )}
      {data && (
        <div className="card table-scroll">
          <table className="data-table" data-testid="journal">
            <caption>
              {data.total} action{data.total > 1 ? 's' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Administrateur</th>
                <th scope="col">Action</th>
                <th scope="col">Objet</th>
                <th scope="col">Avant</th>
                <th scope="col">Après</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && (
                <tr>
                  <td colSpan={6}>Aucune action ne correspond à ces filtres.</td>
                </tr>
              )}
              {data.items.map((e) => (
                <tr key={e.id} data-action={e.action}>
                  <td className="num">{formatDateTime(e.date)}</td>
                  <td>{e.acteur}</td>
                  <td>{e.action_libelle}</td>
                  <td className="num">{e.cible}</td>
                  <td><pre className="journal-state">{describeState(e.avant)}</pre></td>
                  <td><pre className="journal-state">{describeState(e.apres)}</pre></td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="pager">
            <button type="button" className="p-button p-button-text" disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
              Page précédente
            </button>
            <span>
              Page {filter.page} sur {pages}
            </span>
            <button type="button" className="p-button p-button-text" disabled={filter.page >= pages} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
              Page suivante
            </button>
          </div>
        </div>
      )}
    </Page>
  );
}
