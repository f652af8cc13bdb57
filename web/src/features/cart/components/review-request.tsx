//! "Demander une vérification": the customer asks a technician to check a part, with a message
//! (`PUT Pieces/AskForReview/{id}`); required for a refused part, optional otherwise.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import type { CartLine } from '@/lib/api/cart';
import { askForReview } from '../api/cart-lines';
import { MAX_REVIEW_MESSAGE, PART_STATUS, reviewMessageError } from '@/lib/cart-status';

export function ReviewRequest({ line }: { line: CartLine }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refused = line.id_statut === PART_STATUS.refusee;
  const waiting = line.id_statut === PART_STATUS.aVerifier;
  const send = async () => {
    const problem = reviewMessageError(message, line.id_statut);
    if (problem) {
      setError(fr(problem));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await askForReview(line.Id_Piece, message.trim());
      setOpen(false);
      setMessage('');
      showToast({ severity: 'success', summary: 'Vérification demandée', detail: fr(`Un technicien va vérifier « ${line.nom_fichier} ».`) });
    } catch (e) {
      setError(formErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        type="button"
        label={waiting ? 'Écrire au technicien' : 'Demander une vérification'}
        icon="pi pi-question-circle"
        text
        size="small"
        onClick={() => setOpen(true)}
      />
      <Dialog header={fr(`Vérification de « ${line.nom_fichier} »`)} visible={open} onHide={() => setOpen(false)} style={{ width: 'min(36rem, 95vw)' }}>
        <div className="form stack">
          <label htmlFor={`demande-${line.id}`}>
            {fr(refused ? 'Expliquez au technicien ce qui doit être revu :' : 'Votre message au technicien (facultatif) :')}
          </label>
          <InputTextarea id={`demande-${line.id}`} value={message} onChange={(e) => setMessage(e.target.value)} rows={4} maxLength={MAX_REVIEW_MESSAGE} autoResize />
          <FormError message={error} />
          <div className="form-actions">
            <Button type="button" label="Envoyer la demande" icon="pi pi-send" loading={busy} onClick={() => void send()} />
            <Button type="button" label="Annuler" text onClick={() => setOpen(false)} />
          </div>
        </div>
      </Dialog>
    </>
  );
}
