//! The callbackUrl of the sign-in pages: a same-site path, `/` otherwise. Any control character
//! (tab, newline...) is refused: browsers strip them from URLs, so `/\t/evil.example` would
//! become `//evil.example`, another site.
export function safeCallback(raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}
