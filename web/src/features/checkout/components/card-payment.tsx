//! The card payment of a placed order: the Payment Element of its PaymentIntent, and the
//! confirmation. Whether the order is paid is the server's answer (webhook), never this page's.
import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { formatCents } from '@/lib/format';
import { fr } from '@/lib/typography';
import type { CardPayment as Card } from '../api/answers';
import { mountPayment, type MountedPayment } from '../stripe';

interface CardPaymentProps {
  payment: Card;
  amountCents: number;
  returnUrl: string;
  onConfirmed: () => void;
}

export function CardPayment({ payment, amountCents, returnUrl, onConfirmed }: CardPaymentProps) {
  const target = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedPayment | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let cancelled = false;
    if (!target.current) return;
    mountPayment(payment.stripe_js_url, payment.publishable_key, payment.clientSecret, target.current)
      .then((m) => {
        if (cancelled) m.destroy();
        else {
          mounted.current = m;
          setReady(true);
        }
      })
      .catch(() => setError('Le module de paiement par carte ne peut pas être chargé. Réessayez plus tard ou choisissez le virement.'));
    return () => {
      cancelled = true;
      mounted.current?.destroy();
      mounted.current = null;
    };
  }, [payment.stripe_js_url, payment.publishable_key, payment.clientSecret]);
  const confirm = async () => {
    if (!mounted.current) return;
    setBusy(true);
    setError(null);
    try {
      const result = await mounted.current.confirm(returnUrl);
      if (result.error) setError(result.error.message ?? 'Le paiement a été refusé.');
      else onConfirmed();
    } catch {
      setError('Le paiement n’a pas pu être envoyé. Réessayez.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card stack" aria-label="Paiement par carte">
      <h2>Paiement par carte</h2>
      <div ref={target} className="stripe-payment" data-testid="stripe-payment" />
      {error ? <Message severity="error" text={fr(error)} /> : null}
      <Button type="button" label={fr(`Payer ${formatCents(amountCents)}`)} icon="pi pi-lock" disabled={!ready} loading={busy} onClick={() => void confirm()} />
    </section>
  );
}
