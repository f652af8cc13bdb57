//! One file of the quote (or one body split out of a file): 3D preview, analysis, prices per
//! process, options and the price; a file of several bodies lists them and can be split, and a
//! body split out of its file can be regrouped with the others into the whole file.
import { useEffect, useState } from 'react';
import { Loading } from '@/components/ui/loading';
import { handleApiError } from '@/lib/errors';
import { modeOf, modeOptions } from '@/lib/lead-time-tiers';
import { regroupBodies, splitBodies, type EntryView, type Regrouped } from '../api/devis';
import { LazyModelViewer } from '@/components/viewer/lazy-model-viewer';
import { preloadModelViewer } from '@/components/viewer/preload-model-viewer';
import type { LoadedCatalog } from '@/lib/use-catalog';
import { useQuoteItem, type ItemSource, type QuoteItemState } from '../hooks/use-quote-item';
import { formatBytes } from '../format';
import { AnalysisSummary } from './analysis-summary';
import { BodyList } from './body-list';
import { OptionsForm } from './options-form';
import { LeadTimes } from './lead-times';
import { QuantityTable } from './quantity-table';
import { PricePanel } from './price-panel';
import { ProcessOffers } from './process-offers';

interface Props {
  source: ItemSource;
  loaded: LoadedCatalog;
  name: string;
  size: number;
  onRemove: () => void;
  onState: (key: string, ready: boolean) => void;
  /** The file was split into one entry per body (these, the first at this entry's position). */
  onSplit: (entries: EntryView[]) => void;
  /** This body's file was regrouped: one entry of the whole file replaces its bodies' entries. */
  onRegroup: (regrouped: Regrouped) => void;
}

interface BodyProps {
  item: QuoteItemState;
  loaded: LoadedCatalog;
  index: number;
  name: string;
  onSplit: (entries: EntryView[]) => void;
  onRegroup: (regrouped: Regrouped) => void;
}

function Body({ item, loaded, index, name, onSplit, onRegroup }: BodyProps) {
  const [shown, setShown] = useState<number | null>(null);
  const [splitting, setSplitting] = useState(false);
  const [regrouping, setRegrouping] = useState(false);
  if (item.phase === 'failed') return <p className="item-error" role="alert">{item.error}</p>;
  if (!item.result) return <Loading label="Analyse du fichier…" />;
  const { analysis, offers } = item.result;
  const bodies = item.bodies;
  const bodyShown = shown !== null && bodies ? { preview: bodies.previews[shown], figures: bodies.list[shown]?.analysis } : null;
  const preview = bodyShown ? bodyShown.preview : item.preview;
  const box = bodyShown?.figures ?? analysis;
  const show = (b: number | null) => {
    if (b !== null) bodies?.showPreview(b);
    setShown(b);
  };
  const serverDone = item.server.step === 'confirmed' || item.server.step === 'differs';
  const split = async () => {
    setSplitting(true);
    try {
      onSplit((await splitBodies(index)).entries);
    } catch (error) {
      handleApiError(error);
      setSplitting(false);
    }
  };
  const regroup = async () => {
    setRegrouping(true);
    try {
      onRegroup(await regroupBodies(index));
    } catch (error) {
      handleApiError(error);
      setRegrouping(false);
    }
  };
  return (
    <div className="item-body">
      {preview ? (
        <LazyModelViewer
          key={shown ?? 'all'}
          buffers={preview}
          bboxMin={box.bbox_min}
          bboxMax={box.bbox_max}
          stride={preview.stride}
          openEdges={bodyShown ? box.open_edges : analysis.open_edges}
          openEdgeCount={bodyShown ? box.boundary_edges : analysis.boundary_edges}
        />
      ) : (
        <div className="viewer-fallback">
          <Loading label="Préparation de l’aperçu 3D…" />
        </div>
      )}
      <div className="item-side">
        <AnalysisSummary analysis={analysis} unit={item.unit} onUnit={item.changeUnit} />
        {item.body !== null && (
          <section className="body-part" aria-label="Corps séparé" data-testid="body-part">
            <p className="muted">
              Cette pièce est le corps {item.body + 1} de «&nbsp;{name}&nbsp;», séparé des autres corps du fichier&nbsp;: son
              volume, son prix et les réparations indiquées sont ceux de ce corps seul.
            </p>
            <button type="button" className="p-button p-button-outlined" disabled={regrouping} onClick={() => void regroup()}>
              Regrouper en une pièce
            </button>
          </section>
        )}
        {analysis.bodies > 1 && item.body === null && (
          <BodyList
            analysis={analysis}
            bodies={bodies}
            shown={shown}
            onShow={show}
            splitBlocked={serverDone ? null : 'Possible une fois le fichier vérifié par le serveur.'}
            splitting={splitting}
            onSplit={() => void split()}
          />
        )}
        <ProcessOffers offers={offers} selected={item.options?.process ?? null} onSelect={(p) => item.changeOptions({ process: p, material: null, colour: null, finish: null, post_treatments: [] })} />
        {item.options && <OptionsForm catalog={loaded.catalog} offers={offers} options={item.options} onChange={item.changeOptions} />}
        <PricePanel breakdown={item.local.breakdown} error={item.local.error} server={item.server} />
        <LeadTimes tiers={item.local.breakdown ? item.tiers : null} mode={item.options ? modeOf(item.options) : 'standard'} onChoose={(mode) => item.changeOptions(modeOptions(mode))} />
        {item.options && (
          <QuantityTable
            rows={item.local.breakdown ? item.quantityRows : null}
            quantity={item.options.quantity}
            mode={modeOf(item.options)}
            onChoose={(quantity) => item.changeOptions({ quantity })}
          />
        )}
      </div>
      {item.phase === 'analysing' && <div className="item-busy"><Loading label="Nouvelle analyse…" /></div>}
    </div>
  );
}

export function QuoteItem({ source, loaded, name, size, onRemove, onState, onSplit, onRegroup }: Props) {
  const item = useQuoteItem(source, loaded);
  // Ready for the basket once the server has priced it (confirmed or recalculated).
  const ready = item.phase === 'ready' && (item.server.step === 'confirmed' || item.server.step === 'differs');
  useEffect(() => onState(source.key, ready), [source.key, ready, onState]);
  // The 3D viewer's code comes while the file is analysed.
  useEffect(preloadModelViewer, []);
  return (
    <article className="quote-item" data-testid="quote-item">
      <header>
        <h2>
          {name}
          {item.body !== null && <span className="body-tag"> — corps {item.body + 1}</span>}
        </h2>
        <span className="muted">{formatBytes(size)}</span>
        <button type="button" className="link-button" onClick={onRemove} aria-label={`Retirer ${name} du devis`}>
          Retirer
        </button>
      </header>
      <Body item={item} loaded={loaded} index={source.index} name={name} onSplit={onSplit} onRegroup={onRegroup} />
    </article>
  );
}
