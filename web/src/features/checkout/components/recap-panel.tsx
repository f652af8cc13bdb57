//! The order summary of /checkout: lines and totals of `Commande/Recapitulatif`, the shipping zone
//! and weight, the VAT mention (intra-EU supply, export) or why French VAT applies to a company of
//! another member state (VIES silent or the number invalid), why the basket cannot be ordered
//! when it cannot, and the quote PDF of these totals.
import { Message } from 'primereact/message';
import { formatCents } from '@/lib/format';
import { fr } from '@/lib/typography';
import { deliveryRange, shipsOn } from '@/lib/ship-date';
import type { Recap, Shipping } from '../api/answers';
import type { PaymentMode } from '../api/checkout';
import { shipDateHint } from '../ship-hint';
import { TotalsTable } from '@/components/order/totals-table';
import { QuotePdfButton } from '@/components/order/quote-pdf-button';

const weight = (g: number) => (g >= 1000 ? `${(g / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 2 })}\u00a0kg` : `${g}\u00a0g`);

export function RecapPanel({ recap, shipping, quoteUrl, mode }: { recap: Recap; shipping: Shipping | undefined; quoteUrl: string; mode: PaymentMode }) {
  return (
    <section className="card stack" aria-label="Récapitulatif">
      <h2>Récapitulatif</h2>
      <table className="spec-table">
        <thead>
          <tr>
            <th scope="col">Pièce</th>
            <th scope="col">Quantité</th>
            <th scope="col">Prix unitaire HT</th>
            <th scope="col">Total HT</th>
          </tr>
        </thead>
        <tbody>
          {recap.lignes.map((l) => (
            <tr key={l.Id_Piece} data-testid="recap-line">
              <td>{l.designation}</td>
              <td className="num">{l.Quantite}</td>
              <td className="num">{formatCents(l.prix_unitaire_cents)}</td>
              <td className="num">{formatCents(l.total_ht_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shipping ? (
        <p className="muted" data-testid="shipping-zone">
          {fr(`Livraison : ${shipping.zone_libelle}, ${weight(shipping.poids_g)}.`)}
        </p>
      ) : null}
      {recap.expedition ? (
        <p className="checkout-ship" data-testid="checkout-ship" data-date={recap.expedition.expedition}>
          <strong>{shipsOn(recap.expedition.expedition)}</strong>
          {recap.expedition.livraison ? (
            <>
              {' · '}
              <span data-testid="checkout-delivery">
                {deliveryRange(recap.expedition.livraison.du, recap.expedition.livraison.au, recap.expedition.livraison.zone)}
              </span>
            </>
          ) : null}
          <br />
          <span className="muted" data-testid="checkout-ship-hint">
            {fr(shipDateHint(mode, recap.expedition.jours_ouvres))}
          </span>
        </p>
      ) : null}
      <TotalsTable totals={recap} />
      {recap.mention_tva ? (
        <p className="muted" data-testid="vat-mention">
          {fr(recap.mention_tva)}
        </p>
      ) : null}
      {recap.avis_tva ? <Message severity="warn" text={fr(recap.avis_tva)} data-testid="vat-notice" /> : null}
      {recap.raison_code ? <Message severity="warn" text={fr(recap.raison_code)} /> : null}
      {recap.raisons.map((r) => (
        <Message key={r} severity="error" text={fr(r)} />
      ))}
      <QuotePdfButton url={quoteUrl} label="Télécharger le devis PDF de ces totaux" testId="checkout-quote-pdf" />
    </section>
  );
}
