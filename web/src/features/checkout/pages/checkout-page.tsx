//! /checkout (signed in): addresses, the buyer's own order reference, discount code, the server's
//! totals, the terms, the payment choice, then `POST Commande`; a card order is paid here, then
//! the confirmation page waits for the server to record the payment.
import { Link, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { handleApiError } from '@/lib/errors';
import { fr } from '@/lib/typography';
import { blockingReasons } from '@/lib/cart-status';
import { AddressChoice } from '../components/address-choice';
import { CardPayment } from '../components/card-payment';
import { DiscountField } from '../components/discount-field';
import { OrderReferenceField } from '../components/order-reference-field';
import { PaymentChoice } from '../components/payment-choice';
import { RecapPanel } from '../components/recap-panel';
import { TermsAcceptance } from '../components/terms-acceptance';
import { useCheckout } from '../hooks/use-checkout';
import { quotePdfUrl } from '../quote-pdf-url';

const confirmationUrl = (id: number) => `/checkout/confirmation?commande=${id}`;

export default function CheckoutPage() {
  const c = useCheckout();
  const navigate = useNavigate();
  if (c.me.isPending || c.cart.isPending) return <Loading />;
  if (c.me.isError || c.cart.isError) {
    return (
      <Page title="Commande" heading="Finaliser la commande">
        <p className="card" role="alert">Le panier ne peut pas être chargé pour le moment.</p>
      </Page>
    );
  }
  if (c.placed?.paiement.mode === 'carte') {
    const order = c.placed;
    return (
      <Page title="Paiement" heading={`Commande ${order.numero}`}>
        <CardPayment
          payment={c.placed.paiement}
          amountCents={order.total_ttc_cents}
          returnUrl={`${window.location.origin}${confirmationUrl(order.id_commande)}`}
          onConfirmed={() => void navigate(confirmationUrl(order.id_commande), { state: { cardConfirmed: true } })}
        />
      </Page>
    );
  }
  const lines = c.cart.data ?? [];
  if (lines.length === 0) {
    return (
      <Page title="Commande" heading="Finaliser la commande">
        <div className="card empty-state">
          <i className="pi pi-shopping-cart" aria-hidden="true" />
          <p>Votre panier est vide.</p>
          <Link to="/devis_ligne" className="p-button">
            Obtenir un devis
          </Link>
        </div>
      </Page>
    );
  }
  const recap = c.recap.data;
  const canOrder = c.accepted && recap?.commandable === true && !c.recap.isFetching && c.deliveryId != null && !c.referenceError;
  const submit = async () => {
    try {
      const order = await c.place();
      if (order?.paiement.mode === 'virement') void navigate(confirmationUrl(order.id_commande));
    } catch (error) {
      handleApiError(error);
    }
  };
  return (
    <Page title="Commande" heading="Finaliser la commande">
      <div className="grid-2 checkout-layout">
        <div className="stack">
          <section className="card stack" aria-label="Adresses">
            <h2>Adresses</h2>
            <AddressChoice id="adresse-livraison" label="Adresse de livraison" addresses={c.addresses} value={c.deliveryId} onChange={c.setDelivery} />
            <AddressChoice id="adresse-facturation" label="Adresse de facturation" addresses={c.addresses} value={c.billingId} onChange={c.setBilling} />
          </section>
          <section className="card stack" aria-label="Référence de commande">
            <OrderReferenceField value={c.referenceText} error={c.referenceError} onChange={c.setReferenceText} />
          </section>
          <section className="card stack" aria-label="Réduction">
            <DiscountField applied={c.code} onApply={c.setCode} />
          </section>
          <section className="card stack" aria-label="Paiement">
            <PaymentChoice value={c.mode} cardOffered={c.cardOffered} terms={c.terms} termsFit={c.termsFit} onChange={c.setMode} />
            <TermsAcceptance checked={c.accepted} onChange={c.setAccepted} />
            {blockingReasons(lines).map((r) => (
              <Message key={r} severity="warn" text={fr(r)} />
            ))}
            <Button
              type="button"
              label={c.mode === 'carte' ? 'Commander et payer par carte' : c.mode === 'virement_30_jours' ? 'Commander (virement à 30 jours)' : 'Commander et payer par virement'}
              icon="pi pi-check"
              disabled={!canOrder}
              loading={c.placing}
              onClick={() => void submit()}
            />
          </section>
        </div>
        {c.deliveryId == null ? (
          <p className="card">{fr('Ajoutez une adresse de livraison pour calculer les frais de port et les totaux.')}</p>
        ) : recap ? (
          <RecapPanel
            recap={recap}
            shipping={c.shipping.data}
            mode={c.mode}
            quoteUrl={quotePdfUrl({ billingId: c.billingId, deliveryId: c.deliveryId, code: recap.code_reduction, reference: c.referenceText.trim() || null })}
          />
        ) : c.recap.isError ? (
          <p className="card" role="alert">{fr('Le récapitulatif ne peut pas être calculé pour le moment.')}</p>
        ) : (
          <Loading label="Calcul des totaux…" />
        )}
      </div>
    </Page>
  );
}
