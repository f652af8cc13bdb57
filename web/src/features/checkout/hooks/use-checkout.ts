//! The state of /checkout: addresses and code kept under the specification's local-storage keys,
//! the buyer's own order reference (kept in the page only: the specification's keys are the ones
//! cleared at sign-out), the server's shipping fee and totals for them, the payment options, and
//! « Virement à 30 jours » for a company granted payment terms while the order fits what remains
//! of its credit limit, and the order placement with one `Idempotency-Key` per attempt.
import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCart, cartKey } from '@/lib/api/cart';
import { useMe } from '@/lib/api/me';
import { paymentTermsKey, termsCover, usePaymentTerms } from '@/lib/api/payment-terms';
import { ordersKey } from '@/lib/api/orders';
import { queryClient } from '@/lib/query-client';
import { checkOrderReference, orderReferenceRefusal } from '@/lib/order-reference';
import { catalogued, fetchPaymentConfig, fetchRecap, fetchShipping, placeOrder, type PaymentMode } from '../api/checkout';
import type { PlacedOrder } from '../api/answers';
import { checkoutStore } from '../checkout-storage';
import { AttemptKey } from '../idempotency';

export function useCheckout() {
  const store = useMemo(() => checkoutStore(), []);
  const me = useMe();
  const cart = useCart();
  const addresses = useMemo(() => me.data?.adresses ?? [], [me.data]);
  const known = (id: number | null) => (id != null && addresses.some((a) => a.idAdresse === id) ? id : null);
  const [delivery, setDelivery] = useState<number | null>(store.deliveryId);
  const [billing, setBilling] = useState<number | null>(store.billingId);
  const [code, setCode] = useState<string | null>(store.code);
  const [mode, setMode] = useState<PaymentMode>('virement');
  const [accepted, setAccepted] = useState(false);
  const [referenceText, setReferenceText] = useState('');
  const [referenceRefusal, setReferenceRefusal] = useState<{ text: string; message: string } | null>(null);
  const reference = checkOrderReference(referenceText);
  // The server's refusal stays under the field until the text it refused is changed.
  const referenceError = reference.error ?? (referenceRefusal?.text === referenceText ? referenceRefusal.message : null);
  const deliveryId = known(delivery) ?? addresses[0]?.idAdresse ?? null;
  const billingId = known(billing) ?? deliveryId;

  useEffect(() => store.setDeliveryId(deliveryId), [store, deliveryId]);
  useEffect(() => store.setBillingId(billingId), [store, billingId]);
  useEffect(() => store.setCode(code), [store, code]);
  useEffect(() => {
    if (cart.data) store.setPieces(cart.data.map((l) => ({ Id_Piece: l.Id_Piece, Quantite: l.Quantite })));
  }, [store, cart.data]);

  const choice = deliveryId && billingId ? { idAdresseLivraison: deliveryId, idAdresseFacturation: billingId, ...(code ? { codeReduction: code } : {}) } : null;
  const shipping = useQuery({ queryKey: ['fraisPort', deliveryId], queryFn: () => catalogued(fetchShipping(deliveryId as number)), enabled: deliveryId != null });
  const recap = useQuery({
    queryKey: ['recapitulatif', choice, cart.dataUpdatedAt],
    queryFn: () => catalogued(fetchRecap(choice as NonNullable<typeof choice>)),
    enabled: choice != null && (cart.data?.length ?? 0) > 0,
    placeholderData: keepPreviousData,
  });
  const config = useQuery({ queryKey: ['paiementConfig'], queryFn: () => catalogued(fetchPaymentConfig()), staleTime: 60_000 });
  const cardOffered = config.data?.carte === true;
  const terms = usePaymentTerms();
  const termsGranted = terms.data?.etat === 'accordee';
  const termsFit = termsCover(terms.data, recap.data?.total_ttc_cents);
  const effectiveMode: PaymentMode =
    mode === 'carte' && cardOffered ? 'carte' : mode === 'virement_30_jours' && termsGranted && termsFit ? 'virement_30_jours' : 'virement';

  const attempt = useRef(new AttemptKey());
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [placing, setPlacing] = useState(false);
  const place = async (): Promise<PlacedOrder | null> => {
    if (!choice || !accepted || placing || referenceError) return null;
    const request = {
      ...choice,
      ...(reference.value ? { reference_commande_client: reference.value } : {}),
      modePaiement: effectiveMode,
      cgvAcceptees: true as const,
    };
    setPlacing(true);
    try {
      const order = await placeOrder(request, attempt.current.for(request));
      attempt.current.done();
      store.setPieces(null);
      store.setCode(null);
      if (order.paiement.mode === 'carte') store.setClientSecret(order.paiement.clientSecret);
      queryClient.setQueryData(cartKey, []);
      await queryClient.invalidateQueries({ queryKey: ordersKey });
      if (effectiveMode === 'virement_30_jours') await queryClient.invalidateQueries({ queryKey: paymentTermsKey });
      setPlaced(order);
      return order;
    } catch (error) {
      const refusal = orderReferenceRefusal(error);
      if (refusal === null) throw error;
      setReferenceRefusal({ text: referenceText, message: refusal });
      return null;
    } finally {
      setPlacing(false);
    }
  };

  return {
    me, cart, addresses, deliveryId, billingId, setDelivery, setBilling, code, setCode,
    shipping, recap, config, cardOffered, terms: terms.data, termsGranted, termsFit, mode: effectiveMode, setMode, accepted, setAccepted,
    referenceText, setReferenceText, referenceError,
    place, placing, placed,
  };
}
export type Checkout = ReturnType<typeof useCheckout>;
