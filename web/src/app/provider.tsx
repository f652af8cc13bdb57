//! App-wide providers: TanStack Query and PrimeReact (French locale).
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { queryClient } from '@/lib/query-client';
import './primereact-fr';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ locale: 'fr', ripple: false }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PrimeReactProvider>
  );
}
