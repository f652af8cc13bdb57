//! « Télécharger mes données »: asks for a copy of everything the site holds about the account;
//! the server builds it in the background and e-mails a link valid 24 hours. Shows where the
//! latest request stands.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { handleApiError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { dataExportStatus, requestDataExport } from '../api/rgpd';

const KEY = ['comptes', 'me', 'export'] as const;

export function DataExport() {
  const client = useQueryClient();
  const { data: status } = useQuery({ queryKey: KEY, queryFn: dataExportStatus, staleTime: 0 });
  const ask = async () => {
    try {
      const answer = await requestDataExport();
      showToast({ severity: 'success', summary: 'Export demandé', detail: answer.message });
    } catch (error) {
      handleApiError(error);
    }
    await client.invalidateQueries({ queryKey: KEY });
  };
  return (
    <div className="stack">
      {status && status.statut !== 'aucun' ? (
        <p role="status" data-testid="export-status">
          {status.message}
          {status.demande_le ? ` (demande du ${formatDateTime(status.demande_le)})` : null}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="button" label="Télécharger mes données" icon="pi pi-download" outlined onClick={ask} />
      </div>
    </div>
  );
}
