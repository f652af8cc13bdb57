//! « Partager » on a quote of « Mes devis »: a read-only link for someone without an account (made,
//! shown once to copy, listed and revocable one by one) and « Envoyer au service achats », which
//! e-mails the PDF and a link to an address the customer types. Links stop with the quote's
//! validity.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { emailSchema } from '@/lib/validation';
import type { MyQuote } from '../api/quotes';
import { createQuoteLink, forwardQuote, quoteLinksKey, revokeQuoteLink, useQuoteLinks, type QuoteLink } from '../api/quote-links';

/** Longest message the server carries (`MAX_MESSAGE_CHARS`). */
const MAX_MESSAGE = 2000;

const forwardSchema = z.object({
  email: emailSchema,
  message: z.string().refine((m) => [...m.trim()].length <= MAX_MESSAGE, `Le message ne peut pas dépasser 2 000 caractères.`),
});
type ForwardValues = z.infer<typeof forwardSchema>;

function FreshLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack" data-testid="fresh-link">
      <Field id="share-link" label="Nouveau lien" hint="Copiez-le maintenant : pour votre sécurité, il ne sera plus affiché (vous pourrez en créer un autre).">
        <InputText id="share-link" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <div className="form-actions">
        <Button
          type="button"
          label={copied ? 'Lien copié' : 'Copier le lien'}
          icon={copied ? 'pi pi-check' : 'pi pi-copy'}
          outlined
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false));
          }}
        />
      </div>
    </div>
  );
}

function LinkList({ numero }: { numero: string }) {
  const queryClient = useQueryClient();
  const { data: links, isPending, isError, refetch } = useQuoteLinks(numero);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revoke = async (link: QuoteLink) => {
    setBusy(link.id);
    setError(null);
    try {
      await revokeQuoteLink(numero, link.id);
      await queryClient.invalidateQueries({ queryKey: quoteLinksKey(numero) });
      showToast({ severity: 'success', summary: 'Lien révoqué', detail: 'Ce lien n’affiche plus le devis.' });
    } catch (err) {
      setError(formErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  if (isPending) return <p className="muted">Chargement des liens…</p>;
  if (isError) {
    return (
      <p role="alert">
        Les liens de ce devis ne peuvent pas être chargés.{' '}
        <button type="button" className="p-button p-button-text" onClick={() => void refetch()}>
          Réessayer
        </button>
      </p>
    );
  }
  if (links.length === 0) return <p className="muted" data-testid="no-links">Aucun lien actif pour ce devis.</p>;
  return (
    <>
      <table className="spec-table" data-testid="quote-links">
        <caption className="sr-only">Liens actifs du devis {numero}</caption>
        <thead>
          <tr>
            <th scope="col">Créé le</th>
            <th scope="col">Destinataire</th>
            <th scope="col">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((l) => (
            <tr key={l.id} data-testid="quote-link">
              <td>{formatDateTime(l.cree_le)}</td>
              <td>{l.envoye_a ?? <span className="muted">lien copié</span>}</td>
              <td>
                <Button
                  type="button"
                  label="Révoquer"
                  icon="pi pi-ban"
                  severity="danger"
                  outlined
                  size="small"
                  loading={busy === l.id}
                  onClick={() => void revoke(l)}
                  aria-label={`Révoquer le lien créé le ${formatDateTime(l.cree_le)}${l.envoye_a ? ` et envoyé à ${l.envoye_a}` : ''}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormError message={error} />
    </>
  );
}

function ForwardForm({ numero }: { numero: string }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<ForwardValues>({
    resolver: zodResolver(forwardSchema),
    defaultValues: { email: '', message: '' },
  });
  const { errors } = formState;
  const submit = async (values: ForwardValues) => {
    setServerError(null);
    setSentTo(null);
    try {
      const sent = await forwardQuote(numero, { email: values.email, message: values.message.trim() || undefined });
      await queryClient.invalidateQueries({ queryKey: quoteLinksKey(numero) });
      setSentTo(sent.envoye_a ?? values.email);
      reset();
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form stack" onSubmit={handleSubmit(submit)} noValidate data-testid="forward-form">
      <Field id="forward-email" label="Adresse e-mail du service achats" error={errors.email?.message}>
        <InputText id="forward-email" type="email" autoComplete="email" invalid={!!errors.email} {...register('email')} />
      </Field>
      <Field id="forward-message" label="Message (facultatif)" error={errors.message?.message} hint="Il accompagne le devis dans l’e-mail ; les réponses vous parviennent directement.">
        <InputTextarea id="forward-message" rows={3} autoResize invalid={!!errors.message} {...register('message')} />
      </Field>
      <FormError message={serverError} />
      {sentTo ? (
        <div data-testid="forward-sent">
          <Message severity="success" role="status" text={`Devis envoyé à ${sentTo}, avec son PDF et un lien en lecture seule.`} />
        </div>
      ) : null}
      <div className="form-actions">
        <Button type="submit" label="Envoyer le devis" icon="pi pi-send" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

export function QuoteShare({ quote }: { quote: MyQuote }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    setMaking(true);
    setError(null);
    try {
      const made = await createQuoteLink(quote.numero);
      setFresh(made.lien ?? null);
      await queryClient.invalidateQueries({ queryKey: quoteLinksKey(quote.numero) });
    } catch (err) {
      setError(formErrorMessage(err));
    } finally {
      setMaking(false);
    }
  };
  return (
    <>
      <Button type="button" label="Partager" icon="pi pi-share-alt" outlined size="small" onClick={() => setOpen(true)} aria-label={`Partager le devis ${quote.numero}`} data-testid="share-quote" />
      <Dialog
        header={`Partager le devis ${quote.numero}`}
        visible={open}
        onHide={() => {
          setOpen(false);
          setFresh(null);
        }}
        style={{ width: 'min(40rem, 95vw)' }}
      >
        <section className="stack" aria-labelledby="share-link-title">
          <h3 id="share-link-title">Lien en lecture seule</h3>
          <p>
            Toute personne qui a le lien voit ce devis et son PDF, sans compte, jusqu’au {formatDate(quote.valable_jusqu_au)}. Vous pouvez le révoquer à tout
            moment.
          </p>
          <div className="form-actions">
            <Button type="button" label="Créer un lien" icon="pi pi-link" loading={making} onClick={() => void make()} />
          </div>
          <FormError message={error} />
          {fresh ? <FreshLink link={fresh} /> : null}
          <LinkList numero={quote.numero} />
        </section>
        <section className="stack" aria-labelledby="forward-title">
          <h3 id="forward-title">Envoyer au service achats</h3>
          <p>Nous envoyons le devis en PDF et un lien en lecture seule à l’adresse indiquée, de votre part.</p>
          <ForwardForm numero={quote.numero} />
        </section>
      </Dialog>
    </>
  );
}
