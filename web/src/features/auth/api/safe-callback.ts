//! The callbackUrl of the sign-in pages: a same-site path, `/` otherwise.
export function safeCallback(raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}
