//! /compte/admin/piece-validation: parts awaiting review (`Pieces/ForReview`), set their status.
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { Page } from '@/components/ui/page';
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import { fetchList } from '@/lib/fetch-list';
import { queryClient } from '@/lib/query-client';
import { showToast } from '@/lib/toast';
import { AdminTable } from '../components/admin-table';

interface Part {
  id: number;
  nomFichier?: string;
  status?: number;
  raison?: string;
}

interface Status {
  id: number;
  nom?: string;
  libelle?: string;
}

export default function PartValidationPage() {
  const statuses = useQuery({ queryKey: ['admin', 'Pieces/AllStatus'], queryFn: () => fetchList<Status>('Pieces/AllStatus') });
  const setStatus = async (part: Part, status: number) => {
    try {
      await proxy('Pieces/status', 'PUT', { Id_Piece: part.id, Id_Status: status });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'Pieces/ForReview'] });
      showToast({ severity: 'success', summary: 'Statut enregistré', detail: `Pièce n° ${part.id}` });
    } catch (error) {
      handleApiError(error);
    }
  };
  const options = (statuses.data ?? []).map((s) => ({ label: s.libelle ?? s.nom ?? String(s.id), value: s.id }));
  return (
    <Page title="Validation des pièces" lead="Pièces à vérifier : non étanches, trop fines, hors du volume de construction, ou dont le client a demandé une vérification.">
      <AdminTable<Part>
        path="Pieces/ForReview"
        empty="Aucune pièce en attente de vérification."
        columns={[
          { header: 'Pièce', body: (p) => p.nomFichier ?? `n° ${p.id}` },
          { header: 'Motif', body: (p) => p.raison ?? '—' },
          {
            header: 'Statut',
            body: (p) => (
              <Dropdown value={p.status} options={options} placeholder="Choisir" onChange={(e) => setStatus(p, Number(e.value))} aria-label={`Statut de la pièce ${p.id}`} />
            ),
          },
        ]}
      />
    </Page>
  );
}
