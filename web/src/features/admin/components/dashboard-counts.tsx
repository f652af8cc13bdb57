//! The dashboard's counts, each a link to its filtered list, and the month's revenue.
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loading } from '@/components/ui/loading';
import { formatCents } from '@/lib/format';
import type { Dashboard } from '../api/dashboard';

function orders(statut: string): string {
  return `/compte/admin/commande?statut=${encodeURIComponent(statut)}`;
}

export function DashboardCounts({ query }: { query: UseQueryResult<Dashboard> }) {
  const { data, isPending, isError } = query;
  if (isPending) return <Loading label="Chargement du tableau de bord…" />;
  if (isError) return <p className="card" role="alert">Le tableau de bord ne peut pas être chargé pour le moment.</p>;
  const tiles = [
    { to: '/compte/admin/piece-validation', n: data.pieces_a_verifier, label: 'pièce(s) à vérifier', icon: 'pi pi-check-square' },
    { to: orders('en attente de paiement'), n: data.virements_en_attente, label: 'virement(s) en attente', icon: 'pi pi-building-columns' },
    { to: orders('payée'), n: data.commandes_a_produire, label: 'commande(s) payée(s) à produire', icon: 'pi pi-cog' },
    { to: orders('en production'), n: data.commandes_a_expedier, label: 'commande(s) à expédier', icon: 'pi pi-truck' },
  ];
  return (
    <section className="section" aria-label="À traiter">
      <h2>À traiter maintenant</h2>
      <div className="grid-4 dashboard-tiles">
        {tiles.map((t) => (
          <Link key={t.to} to={t.to} className={`card dashboard-tile${t.n > 0 ? ' dashboard-tile-due' : ''}`} data-testid="dashboard-tile">
            <i className={t.icon} aria-hidden="true" />
            <strong className="dashboard-count">{t.n}</strong>
            <span>{t.label}</span>
          </Link>
        ))}
      </div>
      <div className="card dashboard-revenue" data-testid="dashboard-revenue">
        <h3>Chiffre d’affaires de {data.mois}</h3>
        <p>
          <strong>{formatCents(data.chiffre_affaires_ht_cents)} HT</strong> · {formatCents(data.chiffre_affaires_ttc_cents)} TTC · {data.factures_du_mois} facture(s) émise(s), avoirs du mois déduits
        </p>
      </div>
    </section>
  );
}
