//! One file of the quote: 3D preview, analysis, prices per process, options and the price.
import { useEffect } from 'react';
import { Loading } from '@/components/ui/loading';
import { ModelViewer } from '@/components/viewer/model-viewer';
import type { LoadedCatalog } from '../hooks/use-catalog';
import { useQuoteItem, type ItemSource, type QuoteItemState } from '../hooks/use-quote-item';
import { formatBytes } from '../format';
import { AnalysisSummary } from './analysis-summary';
import { OptionsForm } from './options-form';
import { PricePanel } from './price-panel';
import { ProcessOffers } from './process-offers';

interface Props {
  source: ItemSource;
  loaded: LoadedCatalog;
  name: string;
  size: number;
  onRemove: () => void;
  onState: (key: string, ready: boolean) => void;
}

function Body({ item, loaded }: { item: QuoteItemState; loaded: LoadedCatalog }) {
  if (item.phase === 'failed') return <p className="item-error" role="alert">{item.error}</p>;
  if (!item.result) return <Loading label="Analyse du fichier…" />;
  const { analysis, offers } = item.result;
  const preview = item.preview;
  return (
    <div className="item-body">
      {preview ? (
        <ModelViewer buffers={preview} bboxMin={analysis.bbox_min} bboxMax={analysis.bbox_max} stride={preview.stride} openEdges={analysis.open_edges} openEdgeCount={analysis.boundary_edges} />
      ) : (
        <div className="viewer-fallback">
          <Loading label="Préparation de l’aperçu 3D…" />
        </div>
      )}
      <div className="item-side">
        <AnalysisSummary analysis={analysis} unit={item.unit} onUnit={item.changeUnit} />
        <ProcessOffers offers={offers} selected={item.options?.process ?? null} onSelect={(p) => item.changeOptions({ process: p, material: null, colour: null, finish: null, post_treatments: [] })} />
        {item.options && <OptionsForm catalog={loaded.catalog} offers={offers} options={item.options} onChange={item.changeOptions} />}
        <PricePanel breakdown={item.local.breakdown} error={item.local.error} server={item.server} />
      </div>
      {item.phase === 'analysing' && <div className="item-busy"><Loading label="Nouvelle analyse…" /></div>}
    </div>
  );
}

export function QuoteItem({ source, loaded, name, size, onRemove, onState }: Props) {
  const item = useQuoteItem(source, loaded);
  // Ready for the basket once the server has priced it (confirmed or recalculated).
  const ready = item.phase === 'ready' && (item.server.step === 'confirmed' || item.server.step === 'differs');
  useEffect(() => onState(source.key, ready), [source.key, ready, onState]);
  return (
    <article className="quote-item" data-testid="quote-item">
      <header>
        <h2>{name}</h2>
        <span className="muted">{formatBytes(size)}</span>
        <button type="button" className="link-button" onClick={onRemove} aria-label={`Retirer ${name} du devis`}>
          Retirer
        </button>
      </header>
      <Body item={item} loaded={loaded} />
    </article>
  );
}
