//! Cells of the invoices list: the document with its PDF and date, the order, the customer, the
//! amounts (a credit note is a credit, shown negative), and what cancels or is cancelled.
import { Link } from 'react-router';
import { Tag } from 'primereact/tag';
import { formatCents, formatDate } from '@/lib/format';
import { fr } from '@/lib/typography';
import type { InvoiceDocument } from '../api/invoices';

export function DocumentCell({ d }: { d: InvoiceDocument }) {
  return (
    <span className="customer-cell">
      <Tag value={d.type === 'avoir' ? 'Avoir' : 'Facture'} severity={d.type === 'avoir' ? 'warning' : 'info'} />
      <a href={d.url} download className="nowrap" data-testid={d.type === 'avoir' ? 'credit-note-pdf' : 'invoice-pdf'}>
        <i className="pi pi-file-pdf" aria-hidden="true" />&nbsp;{d.numero}
      </a>
      <span className="muted nowrap">{formatDate(d.date)}</span>
    </span>
  );
}

export function OrderCell({ d }: { d: InvoiceDocument }) {
  return (
    <span className="customer-cell">
      <Link to={`/compte/admin/commande/${d.id_commande}`} className="nowrap">
        {d.commande}
      </Link>
      <span className="muted">{d.statut_commande}</span>
    </span>
  );
}

export function ClientCell({ d }: { d: InvoiceDocument }) {
  return (
    <span className="customer-cell">
      <strong>{d.client.nom || d.client.email}</strong>
      {d.client.entreprise ? <span>{d.client.entreprise}</span> : null}
      <span className="muted">{d.client.email}</span>
    </span>
  );
}

export function AmountsCell({ d }: { d: InvoiceDocument }) {
  const amount = (cents: number) => (d.type === 'avoir' ? `−${formatCents(cents)}` : formatCents(cents));
  return (
    <dl className="amounts">
      <dt>TTC</dt>
      <dd>
        <strong>{amount(d.total_ttc_cents)}</strong>
      </dd>
      <dt>HT</dt>
      <dd>{amount(d.total_ht_cents)}</dd>
      <dt>TVA</dt>
      <dd>{amount(d.tva_cents)}</dd>
    </dl>
  );
}

export function LinkCell({ d }: { d: InvoiceDocument }) {
  if (d.type === 'avoir') {
    return (
      <span className="customer-cell" data-testid="credit-note-reason">
        <span>Annule {d.facture}</span>
        {d.motif ? <span className="muted">{fr(`Motif : ${d.motif}`)}</span> : null}
      </span>
    );
  }
  return d.avoir ? <span>Annulée par {d.avoir}</span> : <span className="muted">—</span>;
}
