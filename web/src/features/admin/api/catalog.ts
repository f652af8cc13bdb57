//! The pricing catalog for the admin (`Admin/Catalogue`): the current version with the history of
//! versions, one older version, and saving a new version from the one the form started from.
import { useQuery } from '@tanstack/react-query';
import { proxy } from '@/lib/api-client';
import type { CatalogView } from '@/lib/api-types.generated';
import { queryClient } from '@/lib/query-client';
import type { Catalog } from '@/wasm/types';
import { fetchAnswer } from './fetch-answer';

export type { CatalogVersion, CatalogView } from '@/lib/api-types.generated';

const catalogKey = ['admin', 'catalogue'] as const;

/** The current catalog (`version` null) or one version of the history. */
export function useAdminCatalog(version: number | null) {
  const path = version === null ? 'Admin/Catalogue' : `Admin/Catalogue/${version}`;
  return useQuery({ queryKey: [...catalogKey, version], queryFn: () => fetchAnswer<CatalogView>(path), staleTime: 0 });
}

/** Saves `catalogue` as the version after `base`; a 400 carries quote-core's French reason and a
 * 409 says that another version was saved meanwhile (the caller shows them). The quote page's
 * cached catalog is dropped, so that this tab prices with the new version at once. */
export async function saveCatalog(base: number, catalogue: Catalog): Promise<CatalogView> {
  const answer = await proxy<CatalogView>('Admin/Catalogue', 'POST', { version_base: base, catalogue });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogKey }),
    queryClient.invalidateQueries({ queryKey: ['combinaison', 'full'] }),
  ]);
  return answer;
}
