//! How an order is paid (`paiement` of a placed order and of `mes-commandes`): the bank transfer's
//! details or the card payment's Stripe secret, told apart by `mode`.
import { z } from 'zod';

const cents = z.number().int();

export const transferSchema = z.object({
  mode: z.literal('virement'),
  reference: z.string(),
  iban: z.string(),
  bic: z.string(),
  titulaire: z.string(),
  montant_cents: cents,
});
export const cardSchema = z.object({
  mode: z.literal('carte'),
  clientSecret: z.string(),
  publishableKey: z.string(),
  stripeJsUrl: z.string().min(1),
});
export const paymentSchema = z.discriminatedUnion('mode', [transferSchema, cardSchema]);
export type Payment = z.infer<typeof paymentSchema>;
export type CardPayment = z.infer<typeof cardSchema>;
