//! The payment choice: bank transfer always; card only when the server has a card provider;
//! « Virement à 30 jours » for a company granted payment terms, which an order can choose while
//! its total fits what remains of the credit limit (else the option says why it is closed).
import { RadioButton } from 'primereact/radiobutton';
import { Link } from 'react-router';
import type { PaymentTerms } from '@/lib/api/payment-terms';
import { formatCents } from '@/lib/format';
import { fr } from '@/lib/typography';
import type { PaymentMode } from '../api/checkout';

interface PaymentChoiceProps {
  value: PaymentMode;
  cardOffered: boolean;
  /** The account's payment terms, when granted. */
  terms?: PaymentTerms;
  /** Whether this order's total fits what remains of the credit limit. */
  termsFit: boolean;
  onChange: (mode: PaymentMode) => void;
}

export function PaymentChoice({ value, cardOffered, terms, termsFit, onChange }: PaymentChoiceProps) {
  const granted = terms?.etat === 'accordee';
  return (
    <fieldset className="payment-choice">
      <legend>Moyen de paiement</legend>
      <label className="checkbox-line" htmlFor="paiement-virement">
        <RadioButton inputId="paiement-virement" name="paiement" value="virement" checked={value === 'virement'} onChange={() => onChange('virement')} />
        <span>{fr('Virement bancaire : les coordonnées bancaires et la référence à indiquer sont données après la commande ; la fabrication commence à réception des fonds.')}</span>
      </label>
      {cardOffered ? (
        <label className="checkbox-line" htmlFor="paiement-carte">
          <RadioButton inputId="paiement-carte" name="paiement" value="carte" checked={value === 'carte'} onChange={() => onChange('carte')} />
          <span>{fr('Carte bancaire : paiement sécurisé par notre prestataire, vos données bancaires ne passent pas par nos serveurs.')}</span>
        </label>
      ) : null}
      {granted && terms ? (
        <label className="checkbox-line" htmlFor="paiement-terme">
          <RadioButton
            inputId="paiement-terme"
            name="paiement"
            value="virement_30_jours"
            checked={value === 'virement_30_jours'}
            disabled={!termsFit}
            onChange={() => onChange('virement_30_jours')}
          />
          <span data-testid="terms-option">
            {fr('Virement à 30 jours : la fabrication commence sans attendre le paiement ; la facture, émise aussitôt, se règle par virement dans les 30 jours. ')}
            <span className={termsFit ? 'muted' : 'error-text'}>
              {termsFit
                ? fr(`Encours encore disponible : ${formatCents(terms.disponible_cents)}.`)
                : fr(`Cette commande dépasse votre encours encore disponible (${formatCents(terms.disponible_cents)} sur ${formatCents(terms.plafond_cents ?? 0)}) : réglez vos factures en cours ou choisissez un autre moyen de paiement.`)}
            </span>
          </span>
        </label>
      ) : terms?.etat === 'aucune' ? (
        <p className="muted">
          {fr('Une entreprise peut demander le paiement à 30 jours ')}
          <Link to="/compte/parametrage#paiement-30-jours">dans ses paramètres</Link>.
        </p>
      ) : null}
    </fieldset>
  );
}
