//! /checkout/confirmation?commande=ID: the order placed, read back from `Commande/mes-commandes`.
//! A transfer shows the bank details and reference; a card order waits (polling) until the server
//! records the payment, which only the payment provider's webhook can do.
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { useOrders } from '@/lib/api/orders';
import type { Payment } from '@/lib/api/payment';
import { formatCents } from '@/lib/format';
import { fr } from '@/lib/typography';
import { checkoutStore } from '../checkout-storage';
import { CardPayment } from '../components/card-payment';
import { TransferDetails } from '../components/transfer-details';
import { OrderShipDate } from '@/components/order/order-ship-date';
import { OrderTerms } from '@/components/order/order-terms';
import { awaitsCardPayment, POLL_MS } from '../order-paid';

export default function ConfirmationPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  // Paid in this tab on /checkout, or back from the provider's redirect: wait for the server;
  // otherwise (reload, link from the e-mail) the card can be paid here.
  const redirect = params.get('redirect_status');
  const [confirmed, setConfirmed] = useState(
    (location.state as { cardConfirmed?: boolean } | null)?.cardConfirmed === true || (redirect !== null && redirect !== 'failed'),
  );
  const id = Number(params.get('commande'));
  const orders = useOrders((query) => (awaitsCardPayment(query.state.data?.find((o) => o.id_commande === id)) ? POLL_MS : false));
  const order = orders.data?.find((o) => o.id_commande === id);
  const settled = order !== undefined && !awaitsCardPayment(order);
  useEffect(() => {
    if (settled) checkoutStore().setClientSecret(null);
  }, [settled]);
  if (orders.isPending) return <Loading />;
  if (!order) {
    return (
      <Page title="Commande" heading="Commande introuvable">
        <p className="card" role="alert">
          {fr("Cette commande n'existe pas ou n'est pas la vôtre.")} <Link to="/compte/historique-commande">Voir mes commandes</Link>
        </p>
      </Page>
    );
  }
  const waiting = awaitsCardPayment(order);
  // The server's `Order` carries a transfer's details only (`paiement: TransferDetails | null`):
  // the card branch below waits for the server to send a card payment here too
  // (docs/api-types.md, "Found by the generated types").
  const payment = order.paiement as Payment | null;
  return (
    <Page title="Commande confirmée" heading={`Commande ${order.numero}`}>
      <div className="stack">
        <Message severity="success" text={fr(`Merci ! Votre commande ${order.numero} est enregistrée. Un e-mail de confirmation vous a été envoyé.`)} />
        <p data-testid="order-status">
          {fr('État : ')}
          <strong>{order.statut}</strong> · Total TTC&nbsp;: <strong>{formatCents(order.total_ttc_cents)}</strong>
        </p>
        <OrderShipDate order={order} />
        <OrderTerms order={order} />
        {payment?.mode === 'virement' && order.statut === 'en attente de paiement' ? (
          <TransferDetails
            transfer={payment}
            intro={order.mode_paiement === 'virement_30_jours' ? 'La fabrication commence sans attendre votre paiement : effectuez le virement avec ces coordonnées avant l’échéance de la facture.' : undefined}
          />
        ) : null}
        {waiting && !confirmed && payment?.mode === 'carte' ? (
          <CardPayment payment={payment} amountCents={order.total_ttc_cents} returnUrl={window.location.href} onConfirmed={() => setConfirmed(true)} />
        ) : null}
        {waiting && confirmed ? (
          <p className="card checkout-waiting" role="status">
            <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" />
            {fr('Paiement par carte en cours de confirmation par notre prestataire : cette page se met à jour dès que le paiement est enregistré.')}
          </p>
        ) : null}
        {order.mode_paiement === 'carte' && order.statut === 'payée' ? <Message severity="success" text={fr('Paiement reçu : la fabrication va commencer.')} /> : null}
        <p>
          <Link to="/compte/historique-commande" className="p-button p-button-outlined">
            Suivre mes commandes
          </Link>
        </p>
      </div>
    </Page>
  );
}
