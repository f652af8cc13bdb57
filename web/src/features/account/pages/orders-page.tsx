//! /compte/historique-commande: the customer's orders with their status, lines, totals, shipments
//! and invoices; the empty state only when the server says there is none.
import { Link } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { useOrders } from '@/lib/api/orders';
import { OrderCard } from '../components/order-card';

export default function OrdersPage() {
  const { data: orders, isPending, isError, refetch } = useOrders();
  return (
    <Page title="Historique des commandes" lead="Vos commandes, leur état, leurs factures et le suivi de livraison.">
      {isPending ? <Loading label="Chargement des commandes…" /> : null}
      {isError ? (
        <p className="card" role="alert">
          L’historique ne peut pas être chargé pour le moment.{' '}
          <button type="button" className="p-button p-button-text" onClick={() => refetch()}>
            Réessayer
          </button>
        </p>
      ) : null}
      {orders && orders.length === 0 ? (
        <div className="card empty-state">
          <i className="pi pi-inbox" aria-hidden="true" />
          <p>Aucune commande pour le moment.</p>
          <Link to="/devis_ligne" className="p-button">
            Faire un devis
          </Link>
        </div>
      ) : null}
      {orders?.map((o) => <OrderCard key={o.id_commande} order={o} />)}
    </Page>
  );
}
