//! The statistics charts (PrimeReact's Chart over chart.js): revenue and paid orders by month,
//! quotes against orders placed, shares by process and by material.
import { Chart } from 'primereact/chart';
import { formatCents } from '@/lib/format';
import type { Statistics, StatisticsShare } from '../api/statistics';
import { formatShare } from '../api/statistics';

const BRAND = '#1d4ed8';
const PALETTE = ['#1d4ed8', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#0ea5e9', '#84cc16', '#f97316'];

function share(title: string, rows: StatisticsShare[], testId: string) {
  return (
    <figure className="card chart-card" data-testid={testId}>
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p>Aucune commande payée sur la période.</p>
      ) : (
        <Chart
          type="doughnut"
          ariaLabel={`${title} : les montants sont listés sous le graphique`}
          data={{
            labels: rows.map((r) => r.libelle),
            datasets: [{ data: rows.map((r) => r.total_ht_cents / 100), backgroundColor: PALETTE }],
          }}
          options={{
            animation: false,
            maintainAspectRatio: false,
            plugins: {
              tooltip: {
                callbacks: {
                  label: (c: { dataIndex: number }) =>
                    `${formatCents(rows[c.dataIndex].total_ht_cents)} (${formatShare(rows[c.dataIndex].part_bp)})`,
                },
              },
            },
          }}
        />
      )}
      {rows.length > 0 && (
        <ul className="chart-values">
          {rows.map((r) => (
            <li key={r.libelle}>
              {r.libelle}&nbsp;: {formatCents(r.total_ht_cents)} ({formatShare(r.part_bp)})
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

export function StatisticsCharts({ stats }: { stats: Statistics }) {
  const labels = stats.mois.map((m) => m.libelle);
  return (
    <div className="chart-grid">
      <figure className="card chart-card chart-wide" data-testid="chart-revenue">
        <figcaption>Chiffre d’affaires HT et commandes payées par mois</figcaption>
        <Chart
          type="bar"
          ariaLabel="Chiffre d’affaires HT et commandes payées par mois : les chiffres sont dans le tableau « Chiffres par mois » plus bas"
          data={{
            labels,
            datasets: [
              { type: 'bar', label: 'Chiffre d’affaires HT (€)', data: stats.mois.map((m) => m.chiffre_affaires_ht_cents / 100), backgroundColor: BRAND, yAxisID: 'y' },
              { type: 'line', label: 'Commandes payées', data: stats.mois.map((m) => m.commandes_payees), borderColor: '#f59e0b', backgroundColor: '#f59e0b', yAxisID: 'y1' },
            ],
          }}
          options={{
            animation: false,
            maintainAspectRatio: false,
            scales: {
              y: { beginAtZero: true, position: 'left' },
              y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
            },
          }}
        />
      </figure>
      <figure className="card chart-card chart-wide" data-testid="chart-conversion">
        <figcaption>Devis émis et commandes passées par mois</figcaption>
        <Chart
          type="bar"
          ariaLabel="Devis émis et commandes passées par mois : les chiffres sont dans le tableau « Chiffres par mois » plus bas"
          data={{
            labels,
            datasets: [
              { label: 'Devis PDF', data: stats.mois.map((m) => m.devis), backgroundColor: '#94a3b8' },
              { label: 'Commandes passées', data: stats.mois.map((m) => m.commandes_passees), backgroundColor: BRAND },
            ],
          }}
          options={{ animation: false, maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
        />
      </figure>
      {share('Répartition par procédé (HT)', stats.par_procede, 'chart-process')}
      {share('Répartition par matière (HT)', stats.par_matiere, 'chart-material')}
    </div>
  );
}
