//! One quote-engine worker per file, reached with comlink and terminated with its component.
import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import type { QuoteWorkerApi } from '@/workers/quote.worker';

export type QuoteWorker = Comlink.Remote<QuoteWorkerApi>;

export function createQuoteWorker(): { api: QuoteWorker; terminate: () => void } {
  const worker = new Worker(new URL('../../../workers/quote.worker.ts', import.meta.url), { type: 'module' });
  return { api: Comlink.wrap<QuoteWorkerApi>(worker), terminate: () => worker.terminate() };
}

/** The worker of one component, or null until it has started. */
export function useQuoteWorker(): QuoteWorker | null {
  const [api, setApi] = useState<QuoteWorker | null>(null);
  useEffect(() => {
    const { api: remote, terminate } = createQuoteWorker();
    // The worker is an external resource made here; its handle becomes state once created.
    setApi(() => remote); // eslint-disable-line react-hooks/set-state-in-effect
    return () => {
      setApi(null);
      terminate();
    };
  }, []);
  return api;
}
