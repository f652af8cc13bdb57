//! /compte/admin/statistics: the shop's figures over a chosen period (`GET Statistiques`),
//! computed by the server by Paris month, drawn as charts with the same figures in a table.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { handleApiError } from '@/lib/errors';
import { fetchStatistics, type Period } from '../api/statistics';
import { StatisticsCharts } from '../components/statistics-charts';
import { StatisticsFigures, StatisticsMonths } from '../components/statistics-tables';

export default function StatisticsPage() {
  const [period, setPeriod] = useState<Period>({ du: '', au: '' });
  const [draft, setDraft] = useState<Period>(period);
  const stats = useQuery({
    queryKey: ['admin', 'Statistiques', period],
    queryFn: () =>
      fetchStatistics(period).catch((error: unknown) => {
        throw new Error(handleApiError(error).toast.detail ?? 'Erreur serveur interne');
      }),
    retry: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(draft);
  };
  return (
    <Page title="Statistiques" lead="Chiffre d’affaires, commandes, devis et répartition des ventes sur la période choisie (commandes payées, hors annulations, par mois de paiement à l’heure de Paris).">
      <form className="card filter-bar" onSubmit={submit} aria-label="Période">
        <label>
          Du
          <input type="date" name="du" value={draft.du || stats.data?.du || ''} onChange={(e) => setDraft({ ...draft, du: e.target.value })} />
        </label>
        <label>
          Au
          <input type="date" name="au" value={draft.au || stats.data?.au || ''} onChange={(e) => setDraft({ ...draft, au: e.target.value })} />
        </label>
        <button type="submit" className="p-button">
          Afficher
        </button>
      </form>
      {stats.isPending && <Loading />}
      {stats.isError && (
        <p className="card" role="alert">
          {stats.error.message}
        </p>
      )}
      {stats.data && (
        <>
          <StatisticsFigures stats={stats.data} />
          <StatisticsCharts stats={stats.data} />
          <StatisticsMonths stats={stats.data} />
        </>
      )}
    </Page>
  );
}
