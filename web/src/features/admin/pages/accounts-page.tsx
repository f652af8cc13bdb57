//! /compte/admin/account: every account (`GET Comptes`), with its role.
import { Tag } from 'primereact/tag';
import { Page } from '@/components/ui/page';
import { formatDate } from '@/lib/format';
import { AdminTable } from '../components/admin-table';

interface Account {
  id: number;
  email: string;
  nom: string;
  prenom: string;
  role: string;
  twoFactorEnabled?: boolean;
  createdAt?: string;
}

export default function AccountsPage() {
  return (
    <Page title="Comptes" heading="Comptes clients" lead="Tous les comptes du site, avec leur rôle et leur sécurité.">
      <AdminTable<Account>
        path="Comptes"
        empty="Aucun compte."
        columns={[
          { header: 'Nom', body: (a) => `${a.prenom} ${a.nom}`.trim() || '—' },
          { header: 'E-mail', body: (a) => a.email },
          { header: 'Rôle', body: (a) => <Tag value={a.role === 'admin' ? 'Administrateur' : 'Client'} severity={a.role === 'admin' ? 'warning' : 'info'} /> },
          { header: 'Double authentification', body: (a) => (a.twoFactorEnabled ? 'Activée' : 'Désactivée') },
          { header: 'Créé le', body: (a) => (a.createdAt ? formatDate(a.createdAt) : '—') },
        ]}
      />
    </Page>
  );
}
