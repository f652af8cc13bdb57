//! How an order is paid (`paiement` of a placed order and of `mes-commandes`): the bank transfer's
//! details or the card payment's Stripe secret, told apart by `mode`. The types are generated from
//! the server's (docs/api-types.md).
export type { CardPayment, Payment, TransferDetails } from '@/lib/api-types.generated';
