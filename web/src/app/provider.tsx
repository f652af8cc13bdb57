//! App-wide providers: TanStack Query and PrimeReact (French locale, and the page's CSP nonce on
//! the `<style>` elements it adds).
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { cspNonce } from '@/lib/csp-nonce';
import { queryClient } from '@/lib/query-client';
import './primereact-fr';

const nonce = cspNonce();

/**
 * Pass-through options every component of a kind receives (axe, issue 26):
 * - Dropdown: its hidden `<select>` (a copy of the value for forms, out of the tab order) and its
 *   chevron (`role="button"`, not focusable) are mouse-only duplicates of the focusable input,
 *   which carries the label: hidden from assistive technologies, they no longer count as a select
 *   and a button without a name.
 * - InputSwitch: its wrapper was a `role="checkbox"` around the `role="switch"` input, two nested
 *   controls; only the input keeps a role.
 */
const pt = {
  dropdown: { select: { 'aria-hidden': true }, trigger: { 'aria-hidden': true } },
  inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ locale: 'fr', ripple: false, nonce, pt }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PrimeReactProvider>
  );
}
