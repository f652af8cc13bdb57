//! /devis/partage/:token — a saved quote opened through its share link, read-only, for anyone
//! holding a valid link (no account needed): what the PDF prints, and the PDF. A revoked, unknown
//! or expired link says so in the server's French words.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { serverErrorMessage } from '@/lib/error-message';
import { formatCents, formatDate } from '@/lib/format';
import { deliveryRange, formatDay } from '@/lib/ship-date';
import { fetchSharedQuote, type SharedQuote } from '@/lib/api/shared-quote';

function Lines({ quote }: { quote: SharedQuote }) {
  return (
    <div className="card table-scroll">
      <table className="spec-table" data-testid="shared-lines">
        <caption className="sr-only">Lignes du devis {quote.numero}</caption>
        <thead>
          <tr>
            <th scope="col">Désignation</th>
            <th scope="col">Quantité</th>
            <th scope="col">Prix unitaire HT</th>
            <th scope="col">Total HT</th>
          </tr>
        </thead>
        <tbody>
          {quote.lignes.map((l, i) => (
            <tr key={i} data-testid="shared-line">
              <th scope="row">
                {l.designation}
                {l.details.map((d) => (
                  <small key={d} className="muted" style={{ display: 'block', fontWeight: 'normal' }}>
                    {d}
                  </small>
                ))}
              </th>
              <td className="num">{l.quantite}</td>
              <td className="num">{formatCents(l.prix_unitaire_ht_cents)}</td>
              <td className="num">{formatCents(l.total_ht_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ quote }: { quote: SharedQuote }) {
  const rate = (quote.tva_taux_bp / 100).toLocaleString('fr-FR');
  return (
    <aside className="card cart-totals" aria-label="Totaux du devis">
      <dl>
        <dt>Sous-total HT</dt>
        <dd>{formatCents(quote.sous_total_ht_cents)}</dd>
        {quote.remise_cents > 0 ? (
          <>
            <dt>{quote.remise_libelle ?? 'Remise'}</dt>
            <dd>−{formatCents(quote.remise_cents)}</dd>
          </>
        ) : null}
        <dt>Frais de port HT</dt>
        <dd>{formatCents(quote.frais_port_cents)}</dd>
        <dt>Total HT</dt>
        <dd data-testid="shared-total-ht">{formatCents(quote.total_ht_cents)}</dd>
        <dt>TVA ({rate}&nbsp;%)</dt>
        <dd>{formatCents(quote.tva_cents)}</dd>
        <dt className="total-ttc">Total TTC</dt>
        <dd className="total-ttc" data-testid="shared-total-ttc">
          {formatCents(quote.total_ttc_cents)}
        </dd>
      </dl>
      {quote.expedition ? (
        <p data-testid="shared-ship">
          <strong>Expédition le {formatDay(quote.expedition)}</strong>
          {quote.livraison ? (
            <>
              <br />
              {deliveryRange(quote.livraison[0], quote.livraison[1])}
            </>
          ) : null}
          <br />
          <span className="muted">pour une commande payée le jour du devis ; les dates sont fixées au paiement.</span>
        </p>
      ) : null}
    </aside>
  );
}

export default function SharedQuotePage() {
  const token = useParams().token ?? '';
  const { data: quote, error, isPending, refetch } = useQuery({
    queryKey: ['devis', 'partage', token],
    queryFn: () => fetchSharedQuote(token),
    retry: false,
  });
  if (isPending) {
    return (
      <Page title="Devis partagé">
        <Loading label="Chargement du devis…" />
      </Page>
    );
  }
  if (error || !quote) {
    const gone = error instanceof ApiError && error.status === 404;
    return (
      <Page title="Devis partagé">
        <div className="card" role="alert" data-testid="shared-error">
          <p>{gone ? serverErrorMessage(error.body) : 'Ce devis ne peut pas être affiché pour le moment.'}</p>
          {gone ? (
            <Link to="/devis_ligne" className="p-button p-button-outlined">
              Faire un devis en ligne
            </Link>
          ) : (
            <button type="button" className="p-button p-button-outlined" onClick={() => void refetch()}>
              Réessayer
            </button>
          )}
        </div>
      </Page>
    );
  }
  const who = quote.entreprise ? `${quote.client} (${quote.entreprise})` : quote.client;
  return (
    <Page
      title={`Devis ${quote.numero}`}
      lead={`Devis de ${quote.vendeur} établi le ${formatDate(quote.date)} pour ${who}, valable jusqu’au ${formatDate(quote.valable_jusqu_au)}. Consultation en lecture seule.`}
    >
      <div className="stack" data-testid="shared-quote" data-numero={quote.numero}>
        {quote.reference_commande_client ? (
          <p>
            Référence de l’acheteur&nbsp;: <strong>{quote.reference_commande_client}</strong>
          </p>
        ) : null}
        <Lines quote={quote} />
        <Totals quote={quote} />
        {quote.remarques.map((r) => (
          <p key={r} className="muted">
            {r}
          </p>
        ))}
        <div className="form-actions">
          <a className="p-button" href={quote.pdf} download data-testid="shared-pdf">
            <i className="pi pi-file-pdf" aria-hidden="true" />
            &nbsp;Télécharger le devis (PDF)
          </a>
        </div>
        <p className="muted">
          Pour commander ces pièces, la personne qui vous a transmis ce devis passe la commande depuis son compte. Une question&nbsp;? <Link to="/contact">Contactez-nous</Link>.
        </p>
      </div>
    </Page>
  );
}
