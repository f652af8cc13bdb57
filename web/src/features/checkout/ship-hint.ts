//! The line under the checkout's ship date: when that date is fixed, which depends on how the order
//! is paid (by card at payment, by transfer when it is received, on terms at ordering).
import type { PaymentMode } from './api/checkout';

export function shipDateHint(mode: PaymentMode, days: number): string {
  const longest = `pièce la plus longue : ${days} jours ouvrés`;
  switch (mode) {
    case 'carte':
      return `Pour une commande payée aujourd’hui avant l’heure limite (${longest}) ; la date est fixée au paiement.`;
    case 'virement':
      return `Pour un virement reçu aujourd’hui avant l’heure limite (${longest}) ; la date est fixée à la réception du virement.`;
    case 'virement_30_jours':
      return `Pour une commande passée aujourd’hui avant l’heure limite (${longest}) ; la date est fixée à la commande, la fabrication commençant sans attendre le paiement à 30 jours.`;
  }
}
