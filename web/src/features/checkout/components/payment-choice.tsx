//! The payment choice: bank transfer always; card only when the server has a card provider.
import { RadioButton } from 'primereact/radiobutton';
import { fr } from '@/lib/typography';
import type { PaymentMode } from '../api/checkout';

interface PaymentChoiceProps {
  value: PaymentMode;
  cardOffered: boolean;
  onChange: (mode: PaymentMode) => void;
}

export function PaymentChoice({ value, cardOffered, onChange }: PaymentChoiceProps) {
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
    </fieldset>
  );
}
