//! Validation of the admin's order forms (French messages, the server's limits): the parcel of a
//! shipment and the reason of a cancellation.
import { z } from 'zod';

export const deliverySchema = z.object({
  transporteur: z.string().trim().min(1, 'Indiquez le transporteur.').max(100, 'Transporteur\u00a0: 100 caractères au plus.'),
  numeroSuivi: z.string().trim().min(1, 'Indiquez le numéro de suivi.').max(100, 'Numéro de suivi\u00a0: 100 caractères au plus.'),
});
export type DeliveryValues = z.infer<typeof deliverySchema>;

export const cancelSchema = z.object({
  motif: z.string().trim().min(3, 'Indiquez le motif de l’annulation.').max(2000, 'Le motif ne doit pas dépasser 2000 caractères.'),
});
export type CancelValues = z.infer<typeof cancelSchema>;
