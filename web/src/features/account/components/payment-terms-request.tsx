//! « Paiement à 30 jours » in the settings: the request (company name, SIREN, accounts e-mail),
//! where it stands (waiting, refused with its reason, granted with the credit limit, what is owed
//! on terms and what remains), and asking again after a refusal.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { z } from 'zod';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { Loading } from '@/components/ui/loading';
import { paymentTermsKey, requestPaymentTerms, usePaymentTerms, type PaymentTerms } from '@/lib/api/payment-terms';
import { formatCents, formatDate } from '@/lib/format';
import { formErrorMessage } from '@/lib/form-error';
import { queryClient } from '@/lib/query-client';
import { compactSiren, isValidSiren, SIREN_INVALID } from '@/lib/siren';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { emailSchema } from '@/lib/validation';

const schema = z.object({
  nom_entreprise: z.string().trim().min(1, "Indiquez le nom de l'entreprise.").max(200, "Le nom de l'entreprise est trop long."),
  siren: z.string().transform(compactSiren).refine(isValidSiren, SIREN_INVALID),
  email_comptabilite: emailSchema,
});
type Values = z.input<typeof schema>;

export function PaymentTermsRequest({ company }: { company?: { nom: string; siren: string | null } }) {
  const terms = usePaymentTerms();
  const [asking, setAsking] = useState(false);
  if (terms.isPending) return <Loading label="Chargement…" />;
  if (terms.isError) {
    return (
      <p role="alert">
        {fr('Vos conditions de paiement ne peuvent pas être lues pour le moment.')}{' '}
        <button type="button" className="p-button p-button-text" onClick={() => void terms.refetch()}>
          Réessayer
        </button>
      </p>
    );
  }
  const t = terms.data;
  if (t.etat === 'accordee') return <Granted terms={t} />;
  if (t.etat === 'demandee') {
    return (
      <Message
        severity="info"
        data-testid="terms-state"
        text={fr(`Demande envoyée le ${formatDate(t.demandee_le ?? '')} pour ${t.nom_entreprise ?? ''} (SIREN ${t.siren ?? ''}) : nous vous répondons à ${t.email_comptabilite ?? ''}.`)}
      />
    );
  }
  const refused = t.etat === 'refusee';
  return (
    <div className="stack">
      {refused ? <Message severity="warn" data-testid="terms-state" text={fr(`Demande refusée le ${formatDate(t.decidee_le ?? '')} : ${t.motif_refus ?? ''}`)} /> : null}
      {asking || !refused ? (
        <TermsForm
          defaults={{
            nom_entreprise: t.nom_entreprise ?? company?.nom ?? '',
            siren: t.siren ?? company?.siren ?? '',
            email_comptabilite: t.email_comptabilite ?? '',
          }}
        />
      ) : (
        <div>
          <Button type="button" label="Faire une nouvelle demande" outlined onClick={() => setAsking(true)} />
        </div>
      )}
    </div>
  );
}

function Granted({ terms }: { terms: PaymentTerms }) {
  return (
    <div className="stack" data-testid="terms-state">
      <Message severity="success" text={fr(`Paiement à 30 jours accordé à ${terms.nom_entreprise ?? ''} : choisissez « Virement à 30 jours » à la validation de votre panier.`)} />
      <dl className="checkout-totals">
        <div>
          <dt>Encours autorisé</dt>
          <dd data-testid="terms-limit">{formatCents(terms.plafond_cents ?? 0)}</dd>
        </div>
        <div>
          <dt>Factures à régler</dt>
          <dd data-testid="terms-owed">{formatCents(terms.encours_cents)}</dd>
        </div>
        <div>
          <dt>Encore disponible</dt>
          <dd data-testid="terms-available">{formatCents(terms.disponible_cents)}</dd>
        </div>
      </dl>
      <p className="muted">{fr(`Les factures sont envoyées à ${terms.email_comptabilite ?? ''} et se règlent par virement dans les 30 jours.`)}</p>
    </div>
  );
}

function TermsForm({ defaults }: { defaults: Values }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors } = formState;
  const submit = async (values: z.output<typeof schema>) => {
    setServerError(null);
    try {
      const answer = await requestPaymentTerms(values);
      queryClient.setQueryData(paymentTermsKey, answer);
      showToast({ severity: 'success', summary: 'Demande envoyée', detail: 'Nous étudions votre demande de paiement à 30 jours.' });
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form" onSubmit={handleSubmit(submit)} noValidate aria-label="Demande de paiement à 30 jours">
      <div className="form-row">
        <Field id="terms-nom" label="Nom de l'entreprise" error={errors.nom_entreprise?.message}>
          <InputText id="terms-nom" autoComplete="organization" invalid={!!errors.nom_entreprise} {...register('nom_entreprise')} />
        </Field>
        <Field id="terms-siren" label="SIREN" error={errors.siren?.message}>
          <InputText id="terms-siren" inputMode="numeric" invalid={!!errors.siren} {...register('siren')} />
        </Field>
      </div>
      <Field id="terms-email" label="E-mail du service comptable" error={errors.email_comptabilite?.message}>
        <InputText id="terms-email" type="email" autoComplete="email" invalid={!!errors.email_comptabilite} {...register('email_comptabilite')} />
      </Field>
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Demander le paiement à 30 jours" icon="pi pi-send" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}
