//! The decision on a company's request for payment terms: grant with a credit limit (euros incl.
//! VAT), or refuse with a reason sent to the customer.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { decideTerms, eurosToCents, type PaymentTermsRequest } from '../api/payment-terms';

export function TermsDecision({ request, onDone }: { request: PaymentTermsRequest; onDone: () => void }) {
  const [limit, setLimit] = useState(request.plafond_cents ? String(request.plafond_cents / 100) : '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'limit' | 'reason' | 'form'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (decision: Parameters<typeof decideTerms>[1], done: string) => {
    setBusy(true);
    try {
      await decideTerms(request.id_compte, decision);
      showToast({ severity: 'success', summary: done, detail: fr(`${request.nom_entreprise ?? ''} est prévenue par e-mail.`) });
      onDone();
    } catch (e) {
      setError({ field: 'form', message: formErrorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const grant = () => {
    const cents = eurosToCents(limit);
    if (cents === null || cents < 100) {
      setError({ field: 'limit', message: 'Indiquez un encours autorisé en euros, au moins 1 €.' });
      return;
    }
    void send({ decision: 'accorder', plafond_cents: cents }, 'Paiement à 30 jours accordé');
  };
  const refuse = () => {
    if (!reason.trim()) {
      setError({ field: 'reason', message: 'Indiquez le motif du refus : il est envoyé au client.' });
      return;
    }
    void send({ decision: 'refuser', motif: reason.trim() }, 'Demande refusée');
  };
  return (
    <div className="stack">
      <p>
        {fr(`${request.nom_entreprise ?? ''} — SIREN ${request.siren ?? ''} — comptabilité : ${request.email_comptabilite ?? ''} (compte ${request.email}).`)}
      </p>
      <Field id="terms-limit" label="Encours autorisé (€ TTC)" error={error?.field === 'limit' ? error.message : undefined}>
        <InputText id="terms-limit" inputMode="decimal" value={limit} invalid={error?.field === 'limit'} onChange={(e) => setLimit(e.target.value)} />
      </Field>
      <div className="form-actions">
        <Button type="button" label="Accorder" icon="pi pi-check" disabled={busy} onClick={grant} />
      </div>
      <Field id="terms-reason" label="Motif du refus" error={error?.field === 'reason' ? error.message : undefined}>
        <InputTextarea id="terms-reason" rows={3} value={reason} invalid={error?.field === 'reason'} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="form-actions">
        <Button type="button" label="Refuser" icon="pi pi-times" severity="danger" outlined disabled={busy} onClick={refuse} />
      </div>
      <FormError message={error?.field === 'form' ? error.message : null} />
    </div>
  );
}
