//! App-wide providers: TanStack Query and PrimeReact (French locale, and the page's CSP nonce on
//! the `<style>` elements it adds).
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { cspNonce } from '@/lib/csp-nonce';
import { queryClient } from '@/lib/query-client';
import './primereact-fr';

const nonce = cspNonce();

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ locale: 'fr', ripple: false, nonce }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PrimeReactProvider>
  );
}
