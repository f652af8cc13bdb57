//! /compte/admin/piece-validation: parts awaiting review (`Pieces/ForReview`), set their status.
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { Page } from '@/components/ui/page';
import { proxy } from '@/lib/api-client';
import { handleApiError } from '@/lib/errors';
import { fetchList } from '@/lib/fetch-list';
import { queryClient } from '@/lib/query-client';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';
import { AdminTable } from '../components/admin-table';

/** A part of `Pieces/ForReview` (docs/commerce-api.md). */
interface Part {
  id: number;
  nom_fichier: string;
  id_statut: number;
  motifs: string[];
  demande_client?: string | null;
  client?: { email: string } | null;
}

interface Status {
  id: number;
  libelle: string;
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
  const options = (statuses.data ?? []).map((s) => ({ label: s.libelle, value: s.id }));
  return (
    <Page title="Validation des pièces" lead="Pièces à vérifier : non étanches, trop fines, hors du volume de construction, ou dont le client a demandé une vérification.">
      <AdminTable<Part>
        path="Pieces/ForReview"
        empty="Aucune pièce en attente de vérification."
        columns={[
          { header: 'Pièce', body: (p) => p.nom_fichier },
          { header: 'Client', body: (p) => p.client?.email ?? '—' },
          { header: 'Motifs', body: (p) => [...p.motifs, p.demande_client ? fr(`Demande du client : ${p.demande_client}`) : ''].filter(Boolean).join(' ') || '—' },
          {
            header: 'Statut',
            body: (p) => (
              <Dropdown value={p.id_statut} options={options} placeholder="Choisir" onChange={(e) => setStatus(p, Number(e.value))} aria-label={`Statut de la pièce ${p.id}`} />
            ),
          },
        ]}
      />
    </Page>
  );
}
