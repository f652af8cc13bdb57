//! The instant quote (`/devis_ligne`): drop STL/OBJ/3MF/STEP files, each analysed and priced in the
//! browser by quote-wasm while it is uploaded and checked by the server; entries survive a reload.
import { useCallback, useEffect, useState } from 'react';
import { Loading } from '@/components/ui/loading';
import { handleApiError } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/title';
import { getCookies, setCookie, type EntryView, type Regrouped } from './api/devis';
import { BasketBar } from './components/basket-bar';
import { DropZone } from './components/drop-zone';
import { QuoteItem } from './components/quote-item';
import { useCatalog } from '@/lib/use-catalog';
import { keepSpareQuoteWorker } from './hooks/use-quote-worker';
import type { ItemSource } from './hooks/use-quote-item';
import './quote.css';

const MAX_ENTRIES = 20;
const MAX_BYTES = 100 * 1024 * 1024;
const EXTENSION = /\.(stl|obj|3mf|step|stp)$/i;

let nextKey = 0;

export function QuotePage() {
  usePageTitle('Devis en ligne');
  const catalog = useCatalog();
  const [sources, setSources] = useState<ItemSource[] | null>(null);
  const [ready, setReady] = useState<Record<string, boolean>>({});

  useEffect(keepSpareQuoteWorker, []);

  useEffect(() => {
    getCookies()
      .then(({ entries }) => setSources(entries.map((entry) => ({ key: `k${nextKey++}`, index: entry.index, file: null, entry }))))
      .catch((error: unknown) => {
        handleApiError(error);
        setSources([]);
      });
  }, []);

  const addFiles = (files: File[]) => {
    const list = [...(sources ?? [])];
    const used = new Set(list.map((s) => s.index));
      for (const file of files) {
        const refusal = !EXTENSION.test(file.name)
          ? 'seuls les fichiers STL, OBJ, 3MF et STEP (.step, .stp) sont acceptés.'
          : file.size > MAX_BYTES
            ? 'il dépasse la taille maximale autorisée (100\u00a0Mo).'
            : null;
        const index = [...Array(MAX_ENTRIES).keys()].find((i) => !used.has(i));
        if (refusal || index === undefined) {
          const detail = `${file.name}\u00a0: ${refusal ?? `un devis compte au plus ${MAX_ENTRIES} fichiers.`}`;
          showToast({ severity: 'warn', summary: 'Fichier refusé', detail });
          continue;
        }
        used.add(index);
        list.push({ key: `k${nextKey++}`, index, file, entry: null });
      }
    setSources(list);
  };

  const remove = (source: ItemSource) => {
    setSources((current) => (current ?? []).filter((s) => s.key !== source.key));
    setCookie(source.index, null).catch(() => undefined);
  };

  // A split file becomes its bodies' entries, in its place; they keep the dropped file.
  const split = (source: ItemSource, entries: EntryView[]) => {
    setSources((current) =>
      (current ?? []).flatMap((s) =>
        s.key === source.key ? entries.map((entry) => ({ key: `k${nextKey++}`, index: entry.index, file: source.file, entry })) : [s],
      ),
    );
  };

  // Regrouped bodies become the whole file's entry, in the place of the first of them listed.
  const regroup = (source: ItemSource, { entry, removed, options_kept: optionsKept }: Regrouped) => {
    setSources((current) => {
      const list = current ?? [];
      const gone = new Set([entry.index, ...removed]);
      const first = list.findIndex((s) => gone.has(s.index));
      const kept = list.filter((s) => !gone.has(s.index));
      const whole: ItemSource = { key: `k${nextKey++}`, index: entry.index, file: source.file, entry };
      const at = first < 0 ? kept.length : list.slice(0, first).filter((s) => !gone.has(s.index)).length;
      return [...kept.slice(0, at), whole, ...kept.slice(at)];
    });
    if (!optionsKept) {
      showToast({
        severity: 'info',
        summary: 'Pièce regroupée',
        detail: 'Les corps avaient des procédés ou des matières différents\u00a0: la pièce entière repart des options par défaut.',
      });
    }
  };

  const onState = useCallback((key: string, ok: boolean) => setReady((r) => (r[key] === ok ? r : { ...r, [key]: ok })), []);

  const list = sources ?? [];
  const readyIndexes = list.filter((s) => ready[s.key]).map((s) => s.index);
  return (
    <section className="page quote-page">
      <h1>Devis en ligne</h1>
      <p className="lead">
        Obtenez le prix de vos pièces en quelques secondes, pour chaque procédé&nbsp;: SLA, SLS, MJF ou métal (SLM).
      </p>
      <DropZone onFiles={addFiles} disabled={!catalog.data || !sources} />
      {catalog.isError && <p className="item-error">Le catalogue des tarifs est indisponible. Réessayez dans un instant.</p>}
      {(!catalog.data || !sources) && !catalog.isError ? (
        <Loading label="Chargement du catalogue…" />
      ) : (
        catalog.data &&
        list.map((source) => (
          <QuoteItem
            key={source.key}
            source={source}
            loaded={catalog.data}
            name={source.file?.name ?? source.entry?.file_name ?? ''}
            size={source.file?.size ?? source.entry?.size ?? 0}
            onRemove={() => remove(source)}
            onState={onState}
            onSplit={(entries) => split(source, entries)}
            onRegroup={(regrouped) => regroup(source, regrouped)}
          />
        ))
      )}
      {list.length > 0 && <BasketBar indexes={readyIndexes} total={list.length} />}
    </section>
  );
}
