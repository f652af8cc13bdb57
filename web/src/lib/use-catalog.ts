//! The catalog (`Combinaison/full` through the proxy), with its JSON text for the engine; the quote
//! prices with it and the content pages read their lead times from it (one query, one cache).
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { Catalog } from '@/wasm/types';

export interface LoadedCatalog {
  catalog: Catalog;
  /** The catalog as JSON, handed to quote-wasm so that it prices with the server's rates. */
  json: string;
}

export function useCatalog() {
  return useQuery({
    queryKey: ['combinaison', 'full'],
    queryFn: async (): Promise<LoadedCatalog> => {
      const raw = await proxy<Catalog>('Combinaison/full', 'GET');
      return { catalog: raw, json: JSON.stringify(raw) };
    },
    // Read again each time the quote page mounts: a new catalog version applies to the next quote.
    // Unchanged data keeps its object (structural sharing), so nothing is analysed again.
    staleTime: 0,
  });
}
