//! The figures beside the charts: the period's totals and one row per month.
import { formatCents } from '@/lib/format';
import type { Statistics } from '../api/statistics';
import { formatShare } from '../api/statistics';

export function StatisticsFigures({ stats }: { stats: Statistics }) {
  const t = stats.totaux;
  const figures: [string, string, string][] = [
    ['ca', 'Chiffre d’affaires HT', formatCents(t.chiffre_affaires_ht_cents)],
    ['payees', 'Commandes payées', String(t.commandes_payees)],
    ['panier', 'Panier moyen HT', formatCents(t.panier_moyen_ht_cents)],
    ['passees', 'Commandes passées', String(t.commandes_passees)],
    ['devis', 'Devis PDF émis', String(t.devis)],
    ['pieces', 'Pièces analysées', String(t.pieces_analysees)],
    ['taux', 'Commandes / devis', t.taux_transformation_bp === null ? '—' : formatShare(t.taux_transformation_bp)],
  ];
  return (
    <div className="figures" data-testid="stats-totals">
      {figures.map(([key, label, value]) => (
        <div key={key} className="figure" data-figure={key}>
          <strong>{value}</strong>
          {label}
        </div>
      ))}
    </div>
  );
}

export function StatisticsMonths({ stats }: { stats: Statistics }) {
  return (
    <div className="card table-scroll">
      <table className="data-table" data-testid="stats-months">
        <caption>Chiffres par mois (heure de Paris)</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">Chiffre d’affaires HT</th>
            <th scope="col">Commandes payées</th>
            <th scope="col">Commandes passées</th>
            <th scope="col">Devis PDF</th>
            <th scope="col">Pièces analysées</th>
          </tr>
        </thead>
        <tbody>
          {stats.mois.map((m) => (
            <tr key={m.mois} data-month={m.mois}>
              <th scope="row">{m.libelle}</th>
              <td data-col="ca">{formatCents(m.chiffre_affaires_ht_cents)}</td>
              <td data-col="payees">{m.commandes_payees}</td>
              <td data-col="passees">{m.commandes_passees}</td>
              <td data-col="devis">{m.devis}</td>
              <td data-col="pieces">{m.pieces_analysees}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
