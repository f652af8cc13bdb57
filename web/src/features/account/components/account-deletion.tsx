//! « Supprimer mon compte »: what is erased and what the law makes us keep, then the password
//! (and a second-factor code when it is on). The account is closed at once: the browser is
//! signed out and goes back to the home page.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { cancelSessionExpiring, markSessionExpiring } from '@/lib/expiry-state';
import { ApiError } from '@/lib/api-client';
import { signOut } from '@/lib/auth';
import { serverErrorMessage } from '@/lib/error-message';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { deleteAccount } from '../api/rgpd';

export function AccountDeletion({ secondFactor }: { secondFactor: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password) return setError('Saisissez votre mot de passe pour supprimer votre compte.');
    if (secondFactor && !code.trim()) return setError('Saisissez un code de double authentification (application ou code de secours).');
    setBusy(true);
    // The server ends the sessions as it closes the account: the login-only guards must not send
    // this page to the sign-in page while it leaves for the home page.
    markSessionExpiring();
    try {
      const answer = await deleteAccount(password, secondFactor ? code.trim() : null);
      // Home first, and only once the home page is shown (its chunk may still be loading): signed
      // out on this page, the account layout would send to the sign-in page.
      await navigate('/', { replace: true });
      await signOut('/');
      showToast({ severity: 'info', summary: 'Compte supprimé', detail: answer.message });
      return;
    } catch (err) {
      cancelSessionExpiring();
      // A wrong password concerns what was typed: inline only, no toast.
      setError(err instanceof ApiError && err.status === 400 ? serverErrorMessage(err.body) : formErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <ul className="muted">
        <li>Votre compte est fermé immédiatement et toutes vos sessions sont déconnectées ; votre adresse e-mail est libérée.</li>
        <li>Vos adresses, entreprises, pièces et leurs fichiers, devis, panier, messages et l’historique de vos connexions sont effacés.</li>
        <li>Vos factures et avoirs sont conservés dix ans avec votre identité, comme la loi l’impose (article L123-22 du Code de commerce).</li>
        <li>La suppression est définitive. Pensez à télécharger vos données avant.</li>
      </ul>
      <p className="muted">
        Le détail figure dans notre <Link to="/charte_confidentialite">charte de confidentialité</Link>.
      </p>
      {open ? (
        <form className="form" onSubmit={submit} noValidate aria-label="Supprimer mon compte">
          <Field id="delete-password" label="Mot de passe">
            <InputText id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          {secondFactor ? (
            <Field id="delete-code" label="Code de double authentification ou code de secours">
              <InputText id="delete-code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            </Field>
          ) : null}
          <FormError message={error} />
          <div className="form-actions">
            <Button type="submit" label="Supprimer définitivement mon compte" icon="pi pi-trash" severity="danger" loading={busy} />
            <Button type="button" label="Annuler" text onClick={() => setOpen(false)} />
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <Button type="button" label="Supprimer mon compte" icon="pi pi-trash" severity="danger" outlined onClick={() => setOpen(true)} />
        </div>
      )}
    </div>
  );
}
