//! /compte/admin/commande/:id: one order for the admin (`GET Commande/{id}`): its customer and
//! their own order reference (corrected here before the invoice), addresses as ordered, lines with each part's file, totals, payment and documents, parcels,
//! the whole status history, the ship date (« En retard » once passed and not shipped), and the
//! next legal statuses as buttons.
import { Link, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/loading';
import { OrderDeliveries } from '@/components/order/order-deliveries';
import { TotalsTable } from '@/components/order/totals-table';
import { VatLines } from '@/components/order/vat-lines';
import { formatCents, formatDate } from '@/lib/format';
import { useAdminOrder, type AddressSnapshot } from '../api/admin-orders';
import { OrderActions } from '../components/order-actions';
import { OrderHistoryList } from '../components/order-history-list';
import { OrderLines } from '../components/order-lines';
import { OrderPayment } from '../components/order-payment';
import { OrderReference } from '../components/order-reference';
import { OrderShipDate } from '../components/order-ship-date';
import { StatusTag } from '../components/status-tag';
import { addressLines, customerLabel } from '../order-customer';

function Address({ title, address }: { title: string; address: AddressSnapshot }) {
  return (
    <section className="card">
      <h2 className="h3">{title}</h2>
      <address>
        {addressLines(address).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
    </section>
  );
}

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export default function AdminOrderPage() {
  const id = parseId(useParams().id);
  const { data: order, isPending, isError } = useAdminOrder(id);
  const back = (
    <Link to="/compte/admin/commande" className="text-link">
      <i className="pi pi-arrow-left" aria-hidden="true" /> Toutes les commandes
    </Link>
  );
  if (id === null || isError) {
    return (
      <Page title="Commande introuvable" lead="Cette commande n’existe pas ou ne peut pas être chargée pour le moment.">
        {back}
      </Page>
    );
  }
  if (isPending) return <Loading />;
  const customer = customerLabel(order.adresse_facturation, order.client?.email);
  return (
    <Page title={`Commande ${order.numero}`} lead={`Passée le ${formatDate(order.date)} par ${customer.name}${customer.company ? ` (${customer.company})` : ''}.`}>
      {back}
      <section className="card stack" aria-label="État de la commande">
        <div className="order-head">
          <StatusTag statut={order.statut} />
          <strong className="order-total">{formatCents(order.total_ttc_cents)} TTC</strong>
          {order.client ? (
            <a href={`mailto:${order.client.email}`} className="text-link">
              {order.client.email}
            </a>
          ) : null}
        </div>
        <OrderShipDate order={order} long />
        <OrderReference order={order} />
        <OrderActions order={order} />
      </section>
      <div className="grid-2 section">
        <Address title="Facturation" address={order.adresse_facturation} />
        <Address title="Livraison" address={order.adresse_livraison} />
      </div>
      <section className="card stack section">
        <h2 className="h3">Pièces</h2>
        <OrderLines lines={order.lignes} />
        <TotalsTable totals={order} />
        <VatLines order={order} />
      </section>
      <div className="grid-2 section">
        <section className="card stack">
          <h2 className="h3">Paiement et documents</h2>
          <OrderPayment order={order} />
          <OrderDeliveries deliveries={order.livraisons} />
        </section>
        <section className="card stack">
          <h2 className="h3">Historique de l’état</h2>
          <OrderHistoryList history={order.historique} />
        </section>
      </div>
    </Page>
  );
}
