//! The order statuses of the state machine (docs/commerce-api.md), their tag colours, and the
//! button an admin presses to move an order to each of them, with its confirmation text.

export const ORDER_STATUSES = ['en attente de paiement', 'payée', 'en production', 'expédiée', 'livrée', 'annulée'] as const;

export type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

export const STATUS_SEVERITY: Record<string, Severity> = {
  'en attente de paiement': 'warning',
  payée: 'info',
  'en production': 'info',
  expédiée: 'info',
  livrée: 'success',
  annulée: 'danger',
};

export interface StatusAction {
  /** Button label. */
  label: string;
  icon: string;
  /** Confirmation question. */
  confirm: string;
  danger?: boolean;
  /** The order's status goes there through a form (delivery, cancellation reason). */
  form?: 'delivery' | 'cancel';
}

/** The button that moves an order from `from` to `to`. */
export function statusAction(from: string, to: string, paymentMode: string): StatusAction {
  switch (to) {
    case 'payée':
      if (paymentMode === 'virement_30_jours') {
        return { label: 'Virement reçu', icon: 'pi pi-check-circle', confirm: 'Confirmer la réception du virement ? La facture émise à la commande sera marquée réglée et le client prévenu.' };
      }
      return from === 'en attente de paiement' && paymentMode === 'virement'
        ? { label: 'Virement reçu', icon: 'pi pi-check-circle', confirm: 'Confirmer la réception du virement ? La facture sera émise et envoyée au client.' }
        : { label: 'Paiement reçu', icon: 'pi pi-check-circle', confirm: 'Confirmer la réception du paiement ? La facture sera émise et envoyée au client.' };
    case 'en production':
      return { label: 'Lancer la production', icon: 'pi pi-cog', confirm: 'Passer la commande en production ?' };
    case 'expédiée':
      return { label: 'Expédier', icon: 'pi pi-send', confirm: 'Indiquez le transporteur et le numéro de suivi.', form: 'delivery' };
    case 'livrée':
      return { label: 'Marquer livrée', icon: 'pi pi-home', confirm: 'Confirmer que le colis a été livré ?' };
    case 'annulée':
      return {
        label: 'Annuler la commande',
        icon: 'pi pi-times-circle',
        confirm:
          paymentMode === 'virement_30_jours'
            ? 'Annuler cette commande à 30 jours ? Un avoir annulant sa facture sera émis avec le motif indiqué.'
            : from === 'en attente de paiement'
              ? 'Annuler cette commande non payée ?'
              : 'Annuler cette commande payée ? Un avoir sera émis avec le motif indiqué.',
        danger: true,
        form: 'cancel',
      };
    default:
      return { label: to, icon: 'pi pi-arrow-right', confirm: `Passer la commande à « ${to} » ?` };
  }
}
