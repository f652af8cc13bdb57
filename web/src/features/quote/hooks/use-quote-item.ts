//! One file of the quote: its analysis and preview in the worker, the customer's options and the
//! instant price from the engine; the server side runs in `useServerSync`.
import { useCallback, useEffect, useState } from 'react';
import type { Analysed, Preview, QuantityRow, TierOffer } from '@/workers/quote.worker';
import { msUntilNextCutoff } from '@/lib/ship-date';
import { withOfferedTier } from '@/lib/lead-time-tiers';
import type { PriceBreakdown, PriceOptions, ProcessOffer, Unit } from '@/wasm/types';
import { fetchStoredFile, type EntryView } from '../api/devis';
import { tableQuantities } from '../quantity-table';
import type { LoadedCatalog } from '@/lib/use-catalog';
import { useQuoteWorker } from './use-quote-worker';
import { useServerSync, type ServerState } from './use-server-sync';

export interface ItemSource {
  key: string;
  index: number;
  /** The dropped file; null for an entry restored from the cookies. */
  file: File | null;
  entry: EntryView | null;
}

export type Phase = 'analysing' | 'ready' | 'failed';

/** Bodies of a file analysed one by one for the list (a split takes one free position each). */
export const MAX_LISTED_BODIES = 20;

type PriceOutcome = { ok: true; breakdown: PriceBreakdown } | { ok: false; error: { message: string } };

/** The bodies of a multi-body file, each analysed and priced alone, and their previews. */
export interface BodiesState {
  list: Analysed[];
  /** The price of each body with the entry's options, or why not. */
  prices: PriceOutcome[];
  previews: Record<number, Preview>;
  /** Builds the preview of body `b` (once). */
  showPreview: (b: number) => void;
}

export interface QuoteItemState {
  phase: Phase;
  error: string | null;
  result: Analysed | null;
  /** The 3D preview, built after the first price is shown. */
  preview: Preview | null;
  unit: Unit;
  options: PriceOptions | null;
  local: { breakdown: PriceBreakdown | null; error: string | null };
  /** The lead-time tiers of the options with their ship dates, from the worker (null until computed). */
  tiers: TierOffer[] | null;
  /** The quantity × tier table of the options, from the worker (null until computed). */
  quantityRows: QuantityRow[] | null;
  server: ServerState;
  /** The body of the file this entry is (split out of it), or null for the whole file. */
  body: number | null;
  /** The whole file's bodies, when it has several (null while they are analysed or when one). */
  bodies: BodiesState | null;
  changeUnit: (unit: Unit) => void;
  changeOptions: (update: Partial<PriceOptions>) => void;
}

/** The cheapest process able to make the part, with its default material. */
export function bestOffer(offers: ProcessOffer[]): ProcessOffer | null {
  const priced = offers.filter((o) => o.breakdown);
  priced.sort((a, b) => a.breakdown!.line_cents - b.breakdown!.line_cents);
  return priced[0] ?? null;
}

function defaultOptions(process: string): PriceOptions {
  return { process, material: null, colour: null, finish: null, post_treatments: [], quantity: 1, express: false, economique: false };
}

export function useQuoteItem(source: ItemSource, loaded: LoadedCatalog | undefined): QuoteItemState {
  const worker = useQuoteWorker();
  const [phase, setPhase] = useState<Phase>('analysing');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Analysed | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [unit, setUnit] = useState<Unit>(source.entry?.unit ?? 'mm');
  const [options, setOptions] = useState<PriceOptions | null>(source.entry?.options ?? null);
  const [local, setLocal] = useState<QuoteItemState['local']>({ breakdown: null, error: null });
  const server = useServerSync(source.index, source.file, source.entry, worker, options, unit);
  const body = source.entry?.body ?? null;
  const [bodyList, setBodyList] = useState<Analysed[] | null>(null);
  const [bodyPrices, setBodyPrices] = useState<PriceOutcome[]>([]);
  const [bodyPreviews, setBodyPreviews] = useState<Record<number, Preview>>({});

  const apply = useCallback((outcome: Awaited<ReturnType<NonNullable<typeof worker>['analyse']>>) => {
    if (!outcome.ok) {
      setError(outcome.error.message);
      setPhase('failed');
      return;
    }
    setResult(outcome);
    setError(null);
    setPhase('ready');
    const best = bestOffer(outcome.offers);
    setOptions((o) => o ?? defaultOptions(best?.process ?? outcome.offers[0]?.process ?? 'SLA'));
    // The preview comes second: the price is on screen before the mesh is turned into buffers.
    void worker?.preview().then((p) => p && setPreview(p));
    // Then each body alone, when the file has several: its figures and its price.
    setBodyList(null);
    setBodyPreviews({});
    if (outcome.analysis.bodies > 1 && worker) {
      void worker.analyseBodies(MAX_LISTED_BODIES).then((out) => setBodyList(out.ok ? out.bodies : null));
    }
  }, [worker]);

  useEffect(() => {
    if (!worker || !loaded) return;
    let live = true;
    (async () => {
      await worker.setCatalog(loaded.json);
      const file = source.file ?? (source.entry ? await fetchStoredFile(source.entry) : null);
      if (!file || !live) return;
      const outcome = await worker.analyse(file, file.name, source.entry?.unit ?? 'mm', source.entry?.body ?? null);
      if (live) apply(outcome);
    })().catch(() => {
      if (!live) return;
      setError('Le fichier n’a pas pu être relu : déposez-le à nouveau.');
      setPhase('failed');
    });
    return () => {
      live = false;
    };
  }, [worker, loaded, source.file, source.entry, apply]);

  useEffect(() => {
    if (!worker || !options || phase !== 'ready') return;
    let live = true;
    void worker.price(options).then((out) => {
      if (!live) return;
      setLocal(out.ok ? { breakdown: out.breakdown, error: null } : { breakdown: null, error: out.error.message });
    });
    return () => {
      live = false;
    };
  }, [worker, options, phase, result]);

  // The dates are those of an order placed now: they move at the daily cut-off, when a timer
  // sets the clock again and the tiers are computed anew (no reload).
  const [clock, setClock] = useState(() => Date.now());
  const [tiers, setTiers] = useState<TierOffer[] | null>(null);
  const cutoff = loaded?.catalog.calendar?.cutoff ?? '12:00';
  useEffect(() => {
    const timer = setTimeout(() => setClock(Date.now()), msUntilNextCutoff(Date.now(), cutoff));
    return () => clearTimeout(timer);
  }, [clock, cutoff]);

  useEffect(() => {
    if (!worker || !options || phase !== 'ready') return;
    let live = true;
    void worker.tiers(options, clock).then((out) => {
      if (live) setTiers(out.ok ? out.tiers : null);
    });
    return () => {
      live = false;
    };
  }, [worker, options, phase, result, clock]);

  const [quantityRows, setQuantityRows] = useState<QuantityRow[] | null>(null);
  const maxQuantity = loaded?.catalog.max_quantity ?? 1;
  useEffect(() => {
    if (!worker || !options || phase !== 'ready') return;
    let live = true;
    void worker.quantityTable(options, tableQuantities(options.quantity, maxQuantity)).then((out) => {
      if (live) setQuantityRows(out.ok ? out.rows : null);
    });
    return () => {
      live = false;
    };
  }, [worker, options, phase, result, maxQuantity]);

  useEffect(() => {
    if (!worker || !options || !bodyList) return;
    let live = true;
    void worker.priceBodies(options).then((out) => {
      if (live) setBodyPrices(out);
    });
    return () => {
      live = false;
    };
  }, [worker, options, bodyList]);

  const showPreview = useCallback(
    (b: number) => {
      if (!worker || bodyPreviews[b]) return;
      void worker.bodyPreview(b).then((p) => p && setBodyPreviews((all) => ({ ...all, [b]: p })));
    },
    [worker, bodyPreviews],
  );

  const changeUnit = useCallback(
    (next: Unit) => {
      if (!worker || next === unit) return;
      setUnit(next);
      setPhase('analysing');
      setPreview(null);
      setBodyList(null);
      void worker.reanalyse(next).then(apply);
    },
    [worker, unit, apply],
  );

  // A tier the new process does not offer (économique, usually) gives way to standard.
  const catalog = loaded?.catalog;
  const changeOptions = useCallback(
    (update: Partial<PriceOptions>) => {
      setOptions((o) => (o ? (catalog ? withOfferedTier(catalog, o, update) : { ...o, ...update }) : o));
    },
    [catalog],
  );

  const bodies = bodyList && bodyList.length > 0 ? { list: bodyList, prices: bodyPrices, previews: bodyPreviews, showPreview } : null;
  return { phase, error, result, preview, unit, options, local, tiers, quantityRows, server, body, bodies, changeUnit, changeOptions };
}
