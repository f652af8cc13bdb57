//! The Content-Security-Policy nonce the server writes into each served index.html
//! (`<meta name="csp-nonce" content="…">`): PrimeReact puts it on the `<style>` elements it adds,
//! and the ALTCHA widget reads the same meta element itself.

/** The build's placeholder, left as is when the page is not served by the server (Vite's dev server). */
const PLACEHOLDER = '__CSP_NONCE__';

/** The page's nonce, or undefined when the page has none. */
export function cspNonce(doc: Document = document): string | undefined {
  const value = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return value && value !== PLACEHOLDER ? value : undefined;
}
