//! The bank details of a transfer order, with the order number as the transfer reference.
import { formatCents } from '@/lib/format';
import { fr } from '@/lib/typography';
import type { Payment } from '../api/answers';

type Transfer = Extract<Payment, { mode: 'virement' }>;

export function TransferDetails({ transfer, intro }: { transfer: Transfer; intro?: string }) {
  return (
    <section className="card stack" aria-label="Coordonnées bancaires">
      <h2>Virement bancaire</h2>
      <p>{fr(intro ?? 'Effectuez le virement avec ces coordonnées ; la fabrication commence à réception des fonds.')}</p>
      <dl className="checkout-totals" data-testid="transfer-details">
        <div>
          <dt>Montant</dt>
          <dd data-testid="transfer-amount">{formatCents(transfer.montant_cents)}</dd>
        </div>
        <div>
          <dt>Titulaire</dt>
          <dd>{transfer.titulaire}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd data-testid="transfer-iban">{transfer.iban}</dd>
        </div>
        <div>
          <dt>BIC</dt>
          <dd>{transfer.bic}</dd>
        </div>
        <div className="total-ttc">
          <dt>{fr('Référence à indiquer')}</dt>
          <dd data-testid="transfer-reference">{transfer.reference}</dd>
        </div>
      </dl>
    </section>
  );
}
