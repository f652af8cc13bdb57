//! /compte/historique-commande: the customer's orders, or the empty state.
import { Link } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import { useOrders } from '../api/orders';

export default function OrdersPage() {
  const { data: orders, isPending, isError } = useOrders();
  return (
    <Page title="Historique des commandes" lead="Vos commandes, leur état, leurs factures et le suivi de livraison.">
      {isPending ? <Loading /> : null}
      {isError ? <p className="card">L’historique ne peut pas être chargé pour le moment.</p> : null}
      {orders && orders.length === 0 ? (
        <div className="card empty-state">
          <i className="pi pi-inbox" aria-hidden="true" />
          <p>Aucune commande pour le moment.</p>
          <Link to="/devis_ligne" className="p-button">
            Faire un devis
          </Link>
        </div>
      ) : null}
      {orders && orders.length > 0 ? (
        <table className="spec-table card">
          <thead>
            <tr>
              <th scope="col">Commande</th>
              <th scope="col">Date</th>
              <th scope="col">État</th>
              <th scope="col">Total TTC</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td>{o.reference ?? `n° ${o.id}`}</td>
                <td>{formatDate(o.date ?? o.createdAt ?? '')}</td>
                <td>{o.statut ?? o.status ?? '—'}</td>
                <td>{o.total_ttc_cents != null ? formatCents(o.total_ttc_cents) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Page>
  );
}
