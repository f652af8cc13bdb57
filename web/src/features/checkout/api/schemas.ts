//! Shapes of the commerce answers (docs/commerce-api.md), checked with zod so that a server that
//! drifts from the contract fails loudly instead of showing wrong amounts.
import { z } from 'zod';
import { paymentSchema } from '@/lib/api/payment';

export type { CardPayment, Payment } from '@/lib/api/payment';

const cents = z.number().int();

export const recapLineSchema = z.object({
  Id_Piece: z.number().int(),
  designation: z.string(),
  Quantite: z.number().int(),
  prix_unitaire_cents: cents,
  total_ht_cents: cents,
  id_statut: z.number().int().optional(),
  commandable: z.boolean().optional(),
});

export const recapSchema = z.object({
  lignes: z.array(recapLineSchema),
  sous_total_cents: cents,
  remise_cents: cents,
  code_reduction: z.string().nullable().optional(),
  raison_code: z.string().nullable().optional(),
  frais_port_cents: cents,
  zone: z.string().optional(),
  poids_g: z.number().optional(),
  total_ht_cents: cents,
  tva_taux_bp: z.number().int(),
  tva_cents: cents,
  total_ttc_cents: cents,
  autoliquidation: z.boolean(),
  export_hors_ue: z.boolean().optional().default(false),
  mention_tva: z.string().nullable().optional(),
  commandable: z.boolean(),
  raisons: z.array(z.string()).default([]),
});
export type Recap = z.infer<typeof recapSchema>;

export const shippingSchema = z.object({
  zone: z.string(),
  zone_libelle: z.string(),
  poids_g: z.number(),
  frais_port_cents: cents,
});
export type Shipping = z.infer<typeof shippingSchema>;

export const placedOrderSchema = z.object({
  idCommande: z.number().int(),
  numero: z.string(),
  statut: z.string(),
  total_ttc_cents: cents,
  paiement: paymentSchema,
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const paymentConfigSchema = z.object({ carte: z.boolean(), virement: z.boolean() });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const reductionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable().optional(),
  type: z.enum(['percent', 'fixed']),
  valeur: z.number().int(),
  minimum_commande_cents: z.number().int().nullable().optional(),
});
export type Reduction = z.infer<typeof reductionSchema>;

export const codeCheckSchema = z.union([
  z.object({ utilisable: z.literal(true), reduction: reductionSchema }),
  z.object({ utilisable: z.literal(false), raison: z.string() }),
]);
export type CodeCheck = z.infer<typeof codeCheckSchema>;
