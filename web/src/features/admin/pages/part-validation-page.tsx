//! /compte/admin/piece-validation: the parts waiting for review, longest waiting first; the one
//! chosen (`?piece=id`, so that it is a link) opens in the 3D viewer with the decision form.
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { formatDateTime } from '@/lib/format';
import { useReviewPart, useReviewQueue, type ReviewPart } from '../api/part-review';
import { PartReviewPanel } from '../components/part-review-panel';

function Chosen({ id }: { id: number }) {
  const { data, isPending, isError } = useReviewPart(id);
  if (isPending) return <Loading label="Chargement de la pièce…" />;
  if (isError) return <p className="card" role="alert">Cette pièce ne peut pas être chargée.</p>;
  return <PartReviewPanel key={data.id} part={data} />;
}

export default function PartValidationPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('piece'));
  const chosen = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data, isPending, isError } = useReviewQueue();
  const open = (p: ReviewPart) => setParams({ piece: String(p.id) });
  return (
    <Page title="Validation des pièces" lead="Pièces à vérifier, la plus ancienne demande en premier : non étanches, trop fines, hors du volume de construction, ou dont le client a demandé une vérification.">
      {isPending && <Loading />}
      {isError && <p className="card">La liste ne peut pas être chargée pour le moment.</p>}
      {data && (
        <DataTable value={data} dataKey="id" emptyMessage="Aucune pièce en attente de vérification." stripedRows className="card" paginator={data.length > 20} rows={20} rowClassName={(p: ReviewPart) => (p.id === chosen ? 'row-selected' : '')}>
          <Column header="Pièce" body={(p: ReviewPart) => p.nom_fichier} />
          <Column header="Client" body={(p: ReviewPart) => p.client?.email ?? '—'} />
          <Column header="En attente depuis" body={(p: ReviewPart) => (p.en_attente_depuis ? formatDateTime(p.en_attente_depuis) : '—')} />
          <Column header="Motifs" body={(p: ReviewPart) => [...p.motifs, p.demande_client ? 'Demande du client' : ''].filter(Boolean).join(' · ') || '—'} />
          <Column header="" body={(p: ReviewPart) => <Button type="button" label="Examiner" icon="pi pi-eye" size="small" outlined onClick={() => open(p)} aria-label={`Examiner ${p.nom_fichier}`} />} />
        </DataTable>
      )}
      {chosen !== null && (
        <div className="section">
          <Chosen id={chosen} />
        </div>
      )}
    </Page>
  );
}
