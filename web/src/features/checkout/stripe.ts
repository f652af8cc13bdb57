//! Stripe.js, loaded from the `stripe_js_url` the server gives with the PaymentIntent (Stripe's own
//! script, or the stand-in a test server serves). The minimal surface the checkout uses.

export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy?(): void;
}
interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
}
interface StripeResult {
  error?: { message?: string };
  paymentIntent?: { status?: string };
}
export interface StripeClient {
  elements(options?: Record<string, unknown>): StripeElements;
  confirmPayment?(options: { elements: StripeElements; redirect: 'if_required'; confirmParams: { return_url: string } }): Promise<StripeResult>;
  confirmCardPayment?(clientSecret: string, data?: Record<string, unknown>): Promise<StripeResult>;
}
type StripeFactory = (publishableKey: string, options?: Record<string, unknown>) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const loads = new Map<string, Promise<StripeFactory>>();

/** Loads the script once per address and resolves with the `Stripe` factory it defines. */
export function loadStripe(url: string): Promise<StripeFactory> {
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js sans objet Stripe')));
    script.onerror = () => {
      loads.delete(url);
      reject(new Error('Stripe.js indisponible'));
    };
    document.head.appendChild(script);
  });
  loads.set(url, load);
  return load;
}

export interface MountedPayment {
  confirm(returnUrl: string): Promise<StripeResult>;
  destroy(): void;
}

/** Mounts the Payment Element of this PaymentIntent in `target`. */
export async function mountPayment(url: string, publishableKey: string, clientSecret: string, target: HTMLElement): Promise<MountedPayment> {
  const Stripe = await loadStripe(url);
  const stripe = Stripe(publishableKey, { locale: 'fr' });
  const elements = stripe.elements({ clientSecret, locale: 'fr' });
  const element = elements.create('payment');
  element.mount(target);
  return {
    confirm: (returnUrl) => {
      if (stripe.confirmPayment) return stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
      // A stand-in without the Payment Element API confirms the intent with the card element.
      if (stripe.confirmCardPayment) return stripe.confirmCardPayment(clientSecret, { payment_method: { card: element } });
      return Promise.reject(new Error('Stripe.js sans méthode de confirmation'));
    },
    destroy: () => element.destroy?.(),
  };
}
