//! Shapes of the commerce answers (docs/commerce-api.md): the types generated from the server's
//! view types (docs/api-types.md), so that a server that drifts from them fails the type check.
export type {
  CardPayment,
  CodeCheck,
  Discount as Reduction,
  Payment,
  PlacedOrder,
  Recap,
  RecapLine,
  ShippingFee as Shipping,
} from '@/lib/api-types.generated';

/** `GET Commande/Paiement/Config`: which payment modes are offered (an ad-hoc answer of the server). */
export interface PaymentConfig {
  carte: boolean;
  virement: boolean;
}
