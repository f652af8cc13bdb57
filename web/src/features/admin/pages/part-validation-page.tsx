//! /compte/admin/piece-validation: the parts waiting for review, longest waiting first, one page
//! at a time from the server (`Pieces/ForReview?q=&page=&par_page=`), searched by file name or
//! customer. The search, the page and the part chosen live in the address
//! (`?q=…&page=2&piece=id`), so that each is a link; the chosen part opens in the 3D viewer with
//! the decision form, read whole by its id.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { formatDateTime } from '@/lib/format';
import { QUEUE_PER_PAGE, useReviewPart, useReviewQueue, type QueueRow } from '../api/part-review';
import { AdminTable } from '../components/admin-table';
import { ListSearch } from '../components/list-search';
import { PartReviewPanel } from '../components/part-review-panel';

function Chosen({ id }: { id: number }) {
  const { data, isPending, isError } = useReviewPart(id);
  if (isPending) return <Loading label="Chargement de la pièce…" />;
  if (isError) return <p className="card" role="alert">Cette pièce ne peut pas être chargée.</p>;
  return <PartReviewPanel key={data.id} part={data} />;
}

function positive(raw: string | null): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function reasons(p: QueueRow): string {
  return [...p.motifs, p.demande_client ? 'Demande du client' : ''].filter(Boolean).join(' · ') || '—';
}

export default function PartValidationPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = positive(params.get('page')) ?? 1;
  const chosen = positive(params.get('piece'));
  const { data, isPending, isError, isFetching } = useReviewQueue(q, page);
  const go = (next: { q?: string; page?: number; piece?: number | null }) => {
    const merged = { q, page: 1, piece: chosen, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.page > 1) search.set('page', String(merged.page));
    if (merged.piece !== null) search.set('piece', String(merged.piece));
    setParams(search);
  };
  // A page emptied by the decisions taken on it (or an old link past the end) shows the last one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / QUEUE_PER_PAGE)) : 1;
  const pastTheEnd = data !== undefined && !isFetching && data.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (!pastTheEnd) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (lastPage > 1) next.set('page', String(lastPage));
      else next.delete('page');
      return next;
    });
  }, [pastTheEnd, lastPage, setParams]);
  const total = data?.total ?? 0;
  const counted = q ? `${total} pièce(s) en attente pour « ${q} »` : `${total} pièce(s) en attente de vérification`;
  return (
    <Page title="Validation des pièces" lead="Pièces à vérifier, la plus ancienne demande en premier : non étanches, trop fines, hors du volume de construction, ou dont le client a demandé une vérification.">
      <ListSearch key={q} id="review-search" label="Rechercher" placeholder="Nom du fichier, e-mail ou nom du client" value={q} onSearch={(text) => go({ q: text })} />
      {isError ? <p className="card" role="alert">La liste ne peut pas être chargée pour le moment.</p> : null}
      {isPending && !data ? <Loading /> : null}
      {data ? (
        <AdminTable
          rows={data.items}
          dataKey="id"
          paging={{ page, perPage: QUEUE_PER_PAGE, total, onPage: (next) => go({ page: next }), always: true }}
          loading={isFetching}
          header={<span data-testid="review-total">{counted}</span>}
          empty={q ? 'Aucune pièce en attente ne correspond à cette recherche.' : 'Aucune pièce en attente de vérification.'}
          className="card queue-table"
          rowClassName={(p: QueueRow) => (p.id === chosen ? 'row-selected' : '')}
        >
          <Column header="Pièce" body={(p: QueueRow) => p.nom_fichier} />
          <Column header="Client" body={(p: QueueRow) => p.client?.email ?? '—'} />
          <Column header="En attente depuis" body={(p: QueueRow) => (p.en_attente_depuis ? formatDateTime(p.en_attente_depuis) : '—')} bodyClassName="nowrap" />
          <Column header="Motifs" body={reasons} />
          <Column header="" body={(p: QueueRow) => <Button type="button" label="Examiner" icon="pi pi-eye" size="small" outlined onClick={() => go({ page, piece: p.id })} aria-label={`Examiner ${p.nom_fichier}`} />} />
        </AdminTable>
      ) : null}
      {chosen !== null && (
        <div className="section">
          <Chosen id={chosen} />
        </div>
      )}
    </Page>
  );
}
