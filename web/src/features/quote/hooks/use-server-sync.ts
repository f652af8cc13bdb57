//! The background half of a quote entry: upload with progress, the server's own analysis, then
//! the server's price, compared with the one the engine showed for the same options.
import { useEffect, useRef, useState } from 'react';
import { handleApiError } from '@/lib/errors';
import type { PriceBreakdown, PriceOptions, Unit } from '@/wasm/types';
import { calculPrix, processFile, setCookie, uploadFile, type EntryView } from '../api/devis';
import type { QuoteWorker } from './use-quote-worker';

export type ServerStep = 'uploading' | 'checking' | 'pricing' | 'confirmed' | 'differs' | 'failed';

export interface ServerState {
  step: ServerStep;
  /** Upload progress, 0 to 1. */
  progress: number;
  /** French explanation when the step is `failed` or `differs`. */
  message?: string;
  /** The server's price (authoritative). */
  prix?: PriceBreakdown;
  /** The options and unit this state is about. */
  key?: string;
}

/** Delay before a burst of option changes is sent to the server, ms. */
const SETTLE_MS = 300;

function messageOf(error: unknown): string {
  // 419, 429 and network failures get their toast; 400s are shown beside the entry.
  return handleApiError(error, { silence400: true }).toast.detail ?? 'Erreur serveur interne';
}

export function useServerSync(
  index: number,
  file: File | null,
  restored: EntryView | null,
  worker: QuoteWorker | null,
  options: PriceOptions | null,
  unit: Unit,
): ServerState {
  const [state, setState] = useState<ServerState>({ step: restored ? 'checking' : 'uploading', progress: restored ? 1 : 0 });
  const uploaded = useRef<Promise<unknown> | null>(null);
  const serverUnit = useRef<Unit | null>(restored?.analysed ? restored.unit : null);
  const seq = useRef(0);
  // One exchange with the server at a time: a new option's cookie must not overtake the previous
  // one's price request (both in flight, the server could price the older options).
  const exchange = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (uploaded.current) return;
    if (!file || restored) {
      uploaded.current = Promise.resolve();
      return;
    }
    uploaded.current = uploadFile(file, index, (progress) => setState((s) => ({ ...s, progress })));
    uploaded.current.catch(() => undefined);
  }, [file, index, restored]);

  useEffect(() => {
    if (!options || !worker) return;
    const mine = ++seq.current;
    const key = JSON.stringify([options, unit]);
    const current = () => seq.current === mine;
    const timer = setTimeout(() => {
      const run = exchange.current.then(() => sync());
      exchange.current = run.catch(() => undefined);
    }, SETTLE_MS);
    const sync = async () => {
      try {
        await uploaded.current;
        if (!current()) return;
        setState((s) => ({ ...s, step: 'checking', progress: 1, key }));
        await setCookie(index, { ...options, unit });
        if (serverUnit.current !== unit) {
          const checked = await processFile(index);
          if (checked.error) {
            if (current()) setState({ step: 'failed', progress: 1, message: checked.error, key });
            return;
          }
          serverUnit.current = unit;
        }
        if (!current()) return;
        setState((s) => ({ ...s, step: 'pricing', key }));
        const { prix } = await calculPrix(index);
        let local = await worker.price(options);
        // A restored entry is priced by the server while the worker may still be reading its file
        // again: wait for the engine's own price (up to 30 s) rather than call the prices
        // different (seen on a loaded machine: « Prix recalculé » right after signing up).
        for (let tries = 0; !local.ok && local.error.code === 'no_analysis' && tries < 100 && current(); tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          local = await worker.price(options);
        }
        if (!current()) return;
        const same = local.ok && local.breakdown.line_cents === prix.line_cents;
        setState({
          step: same ? 'confirmed' : 'differs',
          progress: 1,
          prix,
          key,
          message: same ? undefined : 'Le serveur a recalculé le prix : c’est son montant qui fait foi.',
        });
      } catch (error) {
        if (current()) setState((s) => ({ ...s, step: 'failed', message: messageOf(error), key }));
      }
    };
    return () => clearTimeout(timer);
  }, [index, worker, options, unit]);

  // A change not yet seen by the server shows as pending, never as the previous confirmation.
  const key = options ? JSON.stringify([options, unit]) : undefined;
  if (state.step === 'uploading' || state.key === key) return state;
  return { step: 'checking', progress: 1 };
}
