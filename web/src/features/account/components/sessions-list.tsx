//! « Mes sessions »: every browser signed in to the account, with its device, address, sign-in and
//! last use; « Déconnecter » ends one, « Déconnecter toutes les autres sessions » every one but
//! this browser's (a forgotten or stolen session on another computer).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { handleApiError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { endOtherSessions, endSession, listSessions } from '../api/sessions';

const KEY = ['comptes', 'me', 'sessions'] as const;

export function SessionsList() {
  const client = useQueryClient();
  const { data: sessions, isPending, isError, refetch } = useQuery({ queryKey: KEY, queryFn: listSessions, staleTime: 0 });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const endOne = async (id: number, device: string) => {
    try {
      await endSession(id);
      showToast({ severity: 'success', summary: 'Session fermée', detail: `La session « ${device} » est déconnectée.` });
    } catch (error) {
      handleApiError(error);
    }
    await refresh();
  };
  const endOthers = async () => {
    try {
      const { fermees } = await endOtherSessions();
      showToast({
        severity: 'success',
        summary: 'Sessions fermées',
        detail: fermees === 0 ? 'Aucune autre session n’était ouverte.' : `${fermees} autre${fermees > 1 ? 's' : ''} session${fermees > 1 ? 's' : ''} déconnectée${fermees > 1 ? 's' : ''}.`,
      });
    } catch (error) {
      handleApiError(error);
    }
    await refresh();
  };

  if (isPending) return <p className="muted">Chargement des sessions…</p>;
  if (isError || !sessions) {
    return (
      <p>
        Impossible de charger vos sessions.{' '}
        <button type="button" className="p-button p-button-text" onClick={() => void refetch()}>
          Réessayer
        </button>
      </p>
    );
  }
  const others = sessions.filter((s) => !s.courante).length;
  return (
    <div className="stack">
      <table className="sessions-table" data-testid="sessions">
        <caption className="sr-only">Sessions ouvertes sur votre compte</caption>
        <thead>
          <tr>
            <th scope="col">Appareil</th>
            <th scope="col">Adresse IP</th>
            <th scope="col">Connexion</th>
            <th scope="col">Dernière utilisation</th>
            <th scope="col">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} data-testid="session-row">
              <td title={s.agent}>{s.appareil}</td>
              <td>{s.adresse_ip || '—'}</td>
              <td>{formatDateTime(s.connexion)}</td>
              <td>{formatDateTime(s.derniere_utilisation)}</td>
              <td>
                {s.courante ? (
                  <Tag value="Cet appareil" severity="info" />
                ) : (
                  <Button type="button" size="small" outlined severity="danger" label="Déconnecter" aria-label={`Déconnecter la session ${s.appareil} (${s.adresse_ip})`} onClick={() => void endOne(s.id, s.appareil)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <Button type="button" outlined severity="danger" icon="pi pi-sign-out" label="Déconnecter toutes les autres sessions" disabled={others === 0} onClick={() => void endOthers()} />
      </div>
    </div>
  );
}
