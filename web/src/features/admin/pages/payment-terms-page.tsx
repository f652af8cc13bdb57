//! /compte/admin/paiement-terme: the companies' requests for « paiement à 30 jours » (those
//! waiting first), each granted with a credit limit or refused with a reason; then the invoices on
//! terms not yet paid, the overdue ones first in red with their age and the reminders sent, each
//! with « Virement reçu ».
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { Page } from '@/components/ui/page';
import { formatCents, formatDate } from '@/lib/format';
import { formatDay } from '@/lib/ship-date';
import { useOpenInvoices, useTermsRequests, type OpenInvoice, type PaymentTermsRequest } from '../api/payment-terms';
import { AdminTable } from '../components/admin-table';
import { SettleButton, SettleConfirm } from '../components/settle-button';
import { TermsDecision } from '../components/terms-decision';

const STATE: Record<string, { label: string; severity: 'warning' | 'success' | 'danger' }> = {
  demandee: { label: 'À étudier', severity: 'warning' },
  accordee: { label: 'Accordé', severity: 'success' },
  refusee: { label: 'Refusé', severity: 'danger' },
};

const REMINDER: Record<string, string> = { avant_echeance: 'avant échéance', j1: 'J+1', j15: 'J+15' };

export default function PaymentTermsPage() {
  const requests = useTermsRequests();
  const invoices = useOpenInvoices();
  const [deciding, setDeciding] = useState<PaymentTermsRequest | null>(null);
  const overdue = (invoices.data ?? []).filter((i) => i.jours_retard > 0);
  const owedLate = overdue.reduce((sum, i) => sum + i.montant_cents, 0);
  return (
    <Page title="Paiement à 30 jours" lead="Les entreprises qui demandent à payer leurs factures à 30 jours, l’encours accordé à chacune, et les factures à régler.">
      <section className="stack" aria-labelledby="terms-requests">
        <h2 id="terms-requests">Demandes</h2>
        {requests.isError ? <p className="card">La liste des demandes ne peut pas être chargée pour le moment.</p> : (
          <AdminTable rows={requests.data ?? []} dataKey="id_compte" loading={requests.isPending} empty="Aucune demande de paiement à 30 jours." testId="terms-requests">
            <Column header="Entreprise" body={(r: PaymentTermsRequest) => <><strong>{r.nom_entreprise}</strong><div className="muted">SIREN {r.siren}</div></>} />
            <Column header="Compte" body={(r: PaymentTermsRequest) => <><Link to={`/compte/admin/account?q=${encodeURIComponent(r.email)}`}>{r.email}</Link><div className="muted">{r.email_comptabilite}</div></>} />
            <Column header="Demandée le" body={(r: PaymentTermsRequest) => (r.demandee_le ? formatDate(r.demandee_le) : '')} />
            <Column header="État" body={(r: PaymentTermsRequest) => <Tag value={STATE[r.etat]?.label ?? r.etat} severity={STATE[r.etat]?.severity} />} />
            <Column header="Encours" body={(r: PaymentTermsRequest) => (r.plafond_cents ? `${formatCents(r.encours_cents)} sur ${formatCents(r.plafond_cents)}` : r.motif_refus ?? '—')} />
            <Column header="" body={(r: PaymentTermsRequest) => <Button type="button" label={r.etat === 'demandee' ? 'Décider' : 'Modifier'} outlined onClick={() => setDeciding(r)} data-testid={`decide-${r.id_compte}`} />} />
          </AdminTable>
        )}
      </section>
      <section className="stack" aria-labelledby="open-invoices">
        <h2 id="open-invoices">Factures à régler</h2>
        {overdue.length > 0 ? <p className="error-text" data-testid="overdue-total">{`${overdue.length} facture(s) échue(s) : ${formatCents(owedLate)} en retard.`}</p> : null}
        {invoices.isError ? <p className="card">La liste des factures à régler ne peut pas être chargée pour le moment.</p> : (
          <AdminTable rows={invoices.data ?? []} dataKey="id_commande" loading={invoices.isPending} empty="Aucune facture à 30 jours en attente de règlement." rowClassName={(i: OpenInvoice) => (i.jours_retard > 0 ? 'row-late' : '')} testId="open-invoices">
            <Column header="Facture" body={(i: OpenInvoice) => <><a href={i.url_facture} download>{i.numero_facture}</a><div className="muted"><Link to={`/compte/admin/commande/${i.id_commande}`}>{i.numero_commande}</Link></div></>} />
            <Column header="Entreprise" body={(i: OpenInvoice) => <>{i.entreprise}<div className="muted">{i.email_comptabilite}</div></>} />
            <Column header="Montant TTC" body={(i: OpenInvoice) => formatCents(i.montant_cents)} />
            <Column header="Échéance" body={(i: OpenInvoice) => <>{formatDay(i.echeance)}{i.jours_retard > 0 ? <div className="error-text">{`en retard de ${i.jours_retard} j`}</div> : null}</>} />
            <Column header="Relances" body={(i: OpenInvoice) => (i.relances.length ? i.relances.map((r) => REMINDER[r] ?? r).join(', ') : '—')} />
            <Column header="" body={(i: OpenInvoice) => <SettleButton orderId={i.id_commande} numero={i.numero_commande} />} />
          </AdminTable>
        )}
      </section>
      <SettleConfirm />
      <Dialog header={`Paiement à 30 jours — ${deciding?.nom_entreprise ?? ''}`} visible={deciding !== null} onHide={() => setDeciding(null)} style={{ width: 'min(34rem, 95vw)' }}>
        {deciding ? <TermsDecision request={deciding} onDone={() => setDeciding(null)} /> : null}
      </Dialog>
    </Page>
  );
}
