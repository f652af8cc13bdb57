//! The one TanStack Query client of the app, and the query keys shared across features.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

export const queryKeys = {
  session: ['session'] as const,
  me: ['comptes', 'me'] as const,
  maintenance: ['maintenance'] as const,
};
