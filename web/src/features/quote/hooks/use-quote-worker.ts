//! One quote-engine worker per file, reached with comlink and terminated with its component.
//! While the quote page is open, one spare worker is started and warmed up ahead (the engine
//! compiled by the optimising tier on a small mesh), so a dropped file is analysed at full
//! speed at once; each file takes the spare and a new one is warmed for the next.
import { useEffect, useState } from 'react';
import { createQuoteWorker, type QuoteWorker } from '@/lib/quote-worker';

export { createQuoteWorker, type QuoteWorker };

type Handle = ReturnType<typeof createQuoteWorker>;

/** Delay before the next spare is warmed, so that it does not compete with a file's analysis. */
const NEXT_SPARE_DELAY_MS = 3000;
let spare: Handle | null = null;
let pageOpen = 0;

function startSpare(): void {
  if (spare || pageOpen === 0) return;
  spare = createQuoteWorker();
  spare.api.warmUp().catch(() => undefined);
}

/** Keeps a warm spare worker while the calling page is mounted; returns the cleanup. */
export function keepSpareQuoteWorker(): () => void {
  pageOpen += 1;
  startSpare();
  return () => {
    pageOpen -= 1;
    if (pageOpen === 0 && spare) {
      spare.terminate();
      spare = null;
    }
  };
}

function takeQuoteWorker(): Handle {
  const taken = spare ?? createQuoteWorker();
  spare = null;
  setTimeout(startSpare, NEXT_SPARE_DELAY_MS);
  return taken;
}

/** The worker of one component, or null until it has started. */
export function useQuoteWorker(): QuoteWorker | null {
  const [api, setApi] = useState<QuoteWorker | null>(null);
  useEffect(() => {
    const { api: remote, terminate } = takeQuoteWorker();
    // The worker is an external resource made here; its handle becomes state once created.
    setApi(() => remote); // eslint-disable-line react-hooks/set-state-in-effect
    return () => {
      setApi(null);
      terminate();
    };
  }, []);
  return api;
}
