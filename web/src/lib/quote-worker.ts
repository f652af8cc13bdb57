//! A quote-engine worker (quote-wasm off the main thread), reached with comlink; shared by the
//! quote page and the admin's part review.
import * as Comlink from 'comlink';
import type { QuoteWorkerApi } from '@/workers/quote.worker';

export type QuoteWorker = Comlink.Remote<QuoteWorkerApi>;

export function createQuoteWorker(): { api: QuoteWorker; terminate: () => void } {
  const worker = new Worker(new URL('../workers/quote.worker.ts', import.meta.url), { type: 'module' });
  return { api: Comlink.wrap<QuoteWorkerApi>(worker), terminate: () => worker.terminate() };
}
