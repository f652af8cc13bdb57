//! /compte/admin/commande: every order, newest first or by ship date (late ones say « En retard »),
//! filtered by status and searched by number, the customer's own order reference, customer or
//! company on the server (`GET Commande?statut=&q=&tri=&page=&par_page=`), one page at a time. The
//! filters live in the address (`?statut=payée&q=…&tri=expedition&page=2`), so that a list is a link.
import { Link, useSearchParams } from 'react-router';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import { fr } from '@/lib/typography';
import { useAdminOrders, type AdminOrder } from '../api/admin-orders';
import { ORDER_STATUSES } from '../api/order-statuses';
import { AdminTable } from '../components/admin-table';
import { ListSearch } from '../components/list-search';
import { OrderShipDate } from '../components/order-ship-date';
import { StatusTag } from '../components/status-tag';
import { customerLabel } from '../order-customer';

const PER_PAGE = 20;
// The dropdown shows an empty value as blank: "every status" has a value of its own.
const ALL = 'tous';
const STATUS_OPTIONS = [{ label: 'Tous les états', value: ALL }, ...ORDER_STATUSES.map((s) => ({ label: s, value: s }))];
const NEWEST = 'date';
const SORT_OPTIONS = [
  { label: 'Les plus récentes d’abord', value: NEWEST },
  { label: 'Date d’expédition, la plus proche d’abord', value: 'expedition' },
];

function Customer({ order }: { order: AdminOrder }) {
  const c = customerLabel(order.adresse_facturation, order.client?.email);
  return (
    <span className="customer-cell">
      <strong>{c.name}</strong>
      {c.company ? <span>{c.company}</span> : null}
      <span className="muted">{c.email}</span>
    </span>
  );
}

function OrderNumber({ order }: { order: AdminOrder }) {
  return (
    <span className="customer-cell">
      <Link to={`/compte/admin/commande/${order.id_commande}`} className="nowrap" data-testid="order-link">
        {order.numero}
      </Link>
      {order.reference_commande_client ? (
        <span className="muted" data-testid="order-list-reference">
          {fr(`Réf. client : ${order.reference_commande_client}`)}
        </span>
      ) : null}
    </span>
  );
}

export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const statut = params.get('statut') ?? '';
  const q = params.get('q') ?? '';
  const tri = params.get('tri') === 'expedition' ? 'expedition' : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, isPending, isError, isFetching } = useAdminOrders({ statut: statut || null, q, tri, page, parPage: PER_PAGE });
  const go = (next: { statut?: string; q?: string; tri?: string | null; page?: number }) => {
    const merged = { statut, q, tri, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.statut) search.set('statut', merged.statut);
    if (merged.q) search.set('q', merged.q);
    if (merged.tri) search.set('tri', merged.tri);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return (
    <Page title="Commandes" lead="Toutes les commandes, de la plus récente à la plus ancienne ou par date d’expédition. Filtrez par état ou cherchez un numéro, une référence client, un client ou une entreprise.">
      <ListSearch key={q} id="order-search" label="Rechercher" placeholder="CO-2026-000012, référence client, nom, e-mail ou entreprise" value={q} onSearch={(text) => go({ q: text })}>
        <div className="field">
          <label htmlFor="order-status-filter">État</label>
          <Dropdown inputId="order-status-filter" value={statut || ALL} options={STATUS_OPTIONS} onChange={(e) => go({ statut: e.value === ALL ? '' : String(e.value ?? '') })} />
        </div>
        <div className="field">
          <label htmlFor="order-sort">Trier</label>
          <Dropdown inputId="order-sort" value={tri ?? NEWEST} options={SORT_OPTIONS} onChange={(e) => go({ tri: e.value === 'expedition' ? 'expedition' : null })} />
        </div>
      </ListSearch>
      {isError ? <p className="card">La liste des commandes ne peut pas être chargée pour le moment.</p> : null}
      {!isError ? (
        <AdminTable
          rows={data?.items ?? []}
          dataKey="id_commande"
          paging={{ page, perPage: PER_PAGE, total: data?.total ?? 0, onPage: (next) => go({ page: next }), always: true }}
          loading={isPending || isFetching}
          empty={q || statut ? 'Aucune commande ne correspond à ces critères.' : 'Aucune commande pour le moment.'}
        >
          <Column header="Commande" body={(o: AdminOrder) => <OrderNumber order={o} />} />
          <Column header="Date" body={(o: AdminOrder) => formatDate(o.date)} bodyClassName="nowrap" />
          <Column header="Client" body={(o: AdminOrder) => <Customer order={o} />} />
          <Column header="État" body={(o: AdminOrder) => <StatusTag statut={o.statut} />} />
          <Column header="Expédition" body={(o: AdminOrder) => <OrderShipDate order={o} />} />
          <Column header="Paiement" body={(o: AdminOrder) => (o.mode_paiement === 'carte' ? 'Carte' : 'Virement')} />
          <Column header="Total TTC" body={(o: AdminOrder) => formatCents(o.total_ttc_cents)} bodyClassName="num" />
        </AdminTable>
      ) : null}
    </Page>
  );
}
