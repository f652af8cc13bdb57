//! The state of an account, its role and the button that disables it (with a confirmation) or
//! enables it. A deleted account (closed by its owner or for inactivity) is shown as such and
//! cannot be changed nor reopened.
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { formatDate } from '@/lib/format';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { setDisabled, setRole, type AdminAccount } from '../api/accounts';

const ROLES = [
  { label: 'Client', value: 'client' },
  { label: 'Administrateur', value: 'admin' },
];

export function AccountState({ account }: { account: AdminAccount }) {
  if (account.supprime) return <Tag value={account.supprime_le ? `Supprimé le ${formatDate(account.supprime_le)}` : 'Supprimé'} severity="secondary" />;
  return account.desactive ? <Tag value="Désactivé" severity="danger" /> : <Tag value="Actif" severity="success" />;
}

export function RoleCell({ account, self }: { account: AdminAccount; self: boolean }) {
  const change = async (role: AdminAccount['role']) => {
    try {
      await setRole(account.id, role);
      showToast({ severity: 'success', summary: 'Rôle modifié', detail: fr(`${account.email} : ${role === 'admin' ? 'administrateur' : 'client'}.`) });
    } catch (error) {
      handleApiError(error);
    }
  };
  return <Dropdown value={account.role} options={ROLES} disabled={self || account.supprime} onChange={(e) => change(e.value)} aria-label={`Rôle de ${account.email}`} />;
}

export function DisableButton({ account, self }: { account: AdminAccount; self: boolean }) {
  const apply = async (desactive: boolean) => {
    try {
      await setDisabled(account.id, desactive);
      showToast({ severity: 'success', summary: desactive ? 'Compte désactivé' : 'Compte réactivé', detail: account.email });
    } catch (error) {
      handleApiError(error);
    }
  };
  if (account.supprime) return null;
  if (account.desactive) return <Button type="button" label="Réactiver" size="small" outlined onClick={() => apply(false)} aria-label={`Réactiver ${account.email}`} />;
  const ask = () =>
    confirmDialog({
      header: 'Désactiver ce compte ?',
      message: fr(`${account.email} sera déconnecté immédiatement et ne pourra plus se connecter. Ses commandes, pièces et factures sont conservées.`),
      acceptLabel: 'Désactiver',
      rejectLabel: 'Annuler',
      acceptClassName: 'p-button-danger',
      accept: () => void apply(true),
    });
  return <Button type="button" label="Désactiver" size="small" severity="danger" outlined disabled={self} onClick={ask} aria-label={`Désactiver ${account.email}`} />;
}
