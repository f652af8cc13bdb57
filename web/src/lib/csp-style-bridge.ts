//! Applies runtime-injected <style> elements under the server's strict CSP (`style-src 'self'`).
//! PrimeReact 10 (and the ALTCHA widget) inject their component CSS as <style> elements, which
//! that policy blocks. Constructed stylesheets are CSSOM and not subject to it, so each blocked
//! element's text is mirrored into an adopted stylesheet, kept in step with its content.

export function installStyleBridge(doc: Document = document): () => void {
  const supported = 'adoptedStyleSheets' in doc && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype;
  if (!supported) return () => undefined;
  const mirrors = new Map<HTMLStyleElement, CSSStyleSheet>();

  const sync = (element: HTMLStyleElement) => {
    if (element.sheet && !mirrors.has(element)) return; // applied normally: no CSP here
    let sheet = mirrors.get(element);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      mirrors.set(element, sheet);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
    try {
      sheet.replaceSync(element.textContent ?? '');
    } catch {
      /* a rule the browser refuses: keep the previous content */
    }
  };
  const drop = (element: HTMLStyleElement) => {
    const sheet = mirrors.get(element);
    if (!sheet) return;
    mirrors.delete(element);
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
  };
  const styleOf = (node: Node | null): HTMLStyleElement | null => {
    if (!node) return null;
    if (node instanceof HTMLStyleElement) return node;
    return node.parentNode instanceof HTMLStyleElement ? node.parentNode : null;
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) if (node instanceof HTMLStyleElement) drop(node);
      for (const node of record.addedNodes) {
        const style = styleOf(node);
        if (style?.isConnected) sync(style);
      }
      const target = styleOf(record.target);
      if (target?.isConnected && record.type === 'characterData') sync(target);
      if (record.target instanceof HTMLStyleElement && record.target.isConnected) sync(record.target);
    }
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
  doc.querySelectorAll('style').forEach((s) => sync(s));
  return () => observer.disconnect();
}
