//! French typography for content strings: non-breaking spaces before : ; ! ? » € % and after «,
//! typographic apostrophes, and narrow non-breaking spaces between thousands.

const NBSP = '\u00a0';
const NNBSP = '\u202f';

export function fr(text: string): string {
  return text
    .replace(/(\p{L})'(\p{L})/gu, '$1’$2')
    .replace(/ ([:;!?»€%])/g, `${NBSP}$1`)
    .replace(/« /g, `«${NBSP}`)
    .replace(/(\d) (\d{3})(?!\d)/g, `$1${NNBSP}$2`);
}

/** Applies `fr` to every string inside a data structure (content modules are written plainly). */
export function deepFr<T>(value: T): T {
  if (typeof value === 'string') return fr(value) as T;
  if (Array.isArray(value)) return value.map((v) => deepFr(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepFr(v)])) as T;
  }
  return value;
}
