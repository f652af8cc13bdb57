//! The admin's decision on a part: a status and the comment the customer receives by e-mail and
//! reads in the basket.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { decidePart, usePartStatuses, type ReviewPart } from '../api/part-review';

const MAX_COMMENT = 2000;

export function PartDecisionForm({ part }: { part: ReviewPart }) {
  const statuses = usePartStatuses();
  const [status, setStatus] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (status === null) return setError('Choisissez le nouveau statut de la pièce.');
    if (status === 4 && !comment.trim()) return setError('Expliquez au client pourquoi la pièce est refusée.');
    if (comment.length > MAX_COMMENT) return setError(`Le commentaire ne doit pas dépasser ${MAX_COMMENT} caractères.`);
    setError('');
    setSaving(true);
    try {
      const saved = await decidePart(part.id, status, comment.trim());
      showToast({ severity: 'success', summary: 'Statut enregistré', detail: fr(`« ${saved.nom_fichier} » : ${saved.statut}. Le client est prévenu par e-mail.`) });
      setComment('');
      setStatus(null);
    } catch (err) {
      handleApiError(err);
    } finally {
      setSaving(false);
    }
  };
  const options = (statuses.data ?? []).filter((s) => s.id !== part.id_statut).map((s) => ({ label: s.libelle, value: s.id }));
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Décision sur la pièce">
      <h3>Décision</h3>
      <label htmlFor="part-status">Nouveau statut</label>
      <Dropdown inputId="part-status" value={status} options={options} placeholder="Choisir un statut" onChange={(e) => setStatus(Number(e.value))} />
      <label htmlFor="part-comment">Commentaire pour le client</label>
      <InputTextarea id="part-comment" value={comment} rows={4} maxLength={MAX_COMMENT} onChange={(e) => setComment(e.target.value)} placeholder="Envoyé au client par e-mail et affiché dans son panier." />
      {error ? (
        <small className="p-error" role="alert">
          {error}
        </small>
      ) : null}
      <Button type="submit" label="Enregistrer la décision" icon="pi pi-check" loading={saving} />
    </form>
  );
}
