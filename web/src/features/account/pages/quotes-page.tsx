//! /compte/mes-devis: the quotes issued to the account from the basket or the checkout, newest
//! first: number, date, validity, parts, totals, the buyer's reference and ship date they print,
//! and each PDF as it was handed out; a valid quote can be shared (read-only link, « Envoyer au
//! service achats »). The empty state only when the server says there is none.
import { Link } from 'react-router';
import { Tag } from 'primereact/tag';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import { formatDay } from '@/lib/ship-date';
import { useMyQuotes, type MyQuote } from '../api/quotes';
import { QuoteOrderButton } from '../components/quote-order-button';
import { QuoteShare } from '../components/quote-share';

function QuoteRow({ quote }: { quote: MyQuote }) {
  return (
    <tr data-testid="my-quote" data-numero={quote.numero}>
      <th scope="row">{quote.numero}</th>
      <td>{formatDate(quote.date)}</td>
      <td>
        {quote.valide ? (
          <>jusqu’au {formatDate(quote.valable_jusqu_au)}</>
        ) : (
          <Tag value="Expiré" severity="secondary" />
        )}
      </td>
      <td className="num">{quote.pieces}</td>
      <td className="num">{formatCents(quote.total_ht_cents)}</td>
      <td className="num">{formatCents(quote.total_ttc_cents)}</td>
      <td>{quote.reference_commande_client ?? <span className="muted">—</span>}</td>
      <td>{quote.expedition ? formatDay(quote.expedition) : <span className="muted">—</span>}</td>
      <td>
        <div className="form-actions">
          <a className="p-button p-button-outlined p-button-sm" href={quote.url} download aria-label={`PDF du devis ${quote.numero}`}>
            <i className="pi pi-file-pdf" aria-hidden="true" />
            &nbsp;PDF
          </a>
          <QuoteOrderButton quote={quote} />
          {quote.valide ? <QuoteShare quote={quote} /> : null}
        </div>
      </td>
    </tr>
  );
}

export default function QuotesPage() {
  const { data: quotes, isPending, isError, refetch } = useMyQuotes();
  return (
    <Page
      title="Mes devis"
      lead="Les devis téléchargés depuis votre panier ou votre commande, valables 30 jours. Commandez-les à leurs prix tant qu’ils sont valables, partagez-les en lecture seule ou envoyez-les à votre service achats."
    >
      {isPending ? <Loading label="Chargement des devis…" /> : null}
      {isError ? (
        <p className="card" role="alert">
          Vos devis ne peuvent pas être chargés pour le moment.{' '}
          <button type="button" className="p-button p-button-text" onClick={() => refetch()}>
            Réessayer
          </button>
        </p>
      ) : null}
      {quotes && quotes.length === 0 ? (
        <div className="card empty-state">
          <i className="pi pi-file" aria-hidden="true" />
          <p>Aucun devis pour le moment : téléchargez-en un depuis votre panier.</p>
          <Link to="/compte/panier" className="p-button">
            Voir le panier
          </Link>
        </div>
      ) : null}
      {quotes && quotes.length > 0 ? (
        <div className="card table-scroll">
          <table className="spec-table" data-testid="my-quotes">
            <caption className="sr-only">Vos devis, du plus récent au plus ancien</caption>
            <thead>
              <tr>
                <th scope="col">Devis</th>
                <th scope="col">Date</th>
                <th scope="col">Validité</th>
                <th scope="col">Pièces</th>
                <th scope="col">Total HT</th>
                <th scope="col">Total TTC</th>
                <th scope="col">Votre référence</th>
                <th scope="col">Expédition si commandé le jour du devis</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {quotes.map((q) => (
                <QuoteRow key={q.numero} quote={q} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
