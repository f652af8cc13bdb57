//! Analyses a stored 3D file in the browser for the viewer: downloads it, runs the quote engine
//! in its own worker (as the quote page does) and keeps the analysis and the preview buffers.
//! For a part split out of a multi-body file, `body` (0-based) takes that body alone out of the
//! original file, with the engine function the quote page used for it (`analyzeBody`). The
//! worker ends with the component or when the file changes.
import { useEffect, useState } from 'react';
import { createQuoteWorker } from '@/lib/quote-worker';
import type { Analysis, Unit } from '@/wasm/types';
import type { Preview } from '@/workers/quote.worker';

export type FilePreview =
  | { phase: 'loading' }
  | { phase: 'failed'; error: string }
  | { phase: 'ready'; analysis: Analysis; preview: Preview | null };

async function download(url: string, signal: AbortSignal): Promise<Blob> {
  const res = await fetch(url, { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(res.status === 404 ? 'Le fichier de cette pièce est introuvable.' : 'Le fichier n’a pas pu être téléchargé.');
  return res.blob();
}

export function useFilePreview(url: string, name: string, unit: Unit = 'mm', body: number | null = null): FilePreview {
  const [state, setState] = useState<{ key: string; value: FilePreview }>({ key: '', value: { phase: 'loading' } });
  const key = `${url}|${unit}|${body ?? 'all'}`;
  useEffect(() => {
    const abort = new AbortController();
    const { api, terminate } = createQuoteWorker();
    const done = (value: FilePreview) => {
      if (!abort.signal.aborted) setState({ key, value });
    };
    (async () => {
      try {
        const blob = await download(url, abort.signal);
        const out = await api.analyse(blob, name, unit, body);
        if (!out.ok) return done({ phase: 'failed', error: out.error.message });
        done({ phase: 'ready', analysis: out.analysis, preview: await api.preview() });
      } catch (error) {
        if (abort.signal.aborted) return;
        done({ phase: 'failed', error: error instanceof Error && error.message ? error.message : 'L’aperçu 3D n’a pas pu être préparé.' });
      }
    })();
    return () => {
      abort.abort();
      terminate();
    };
  }, [key, url, name, unit, body]);
  return state.key === key ? state.value : { phase: 'loading' };
}
