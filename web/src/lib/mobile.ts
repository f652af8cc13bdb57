//! The mobile rule (specification, section 5): phones only see a few pages.

export const MOBILE_ALLOWED_PATHS = [
  '/',
  '/accessibilite',
  '/not_allowed_for_mobile',
  '/charte_confidentialite',
  '/mention_legales',
  '/mentions_legales',
  '/conditions_vente',
] as const;

export function isMobileUserAgent(userAgent: string): boolean {
  return /Mobi|Android|iPhone|iPod|iPad|BlackBerry|IEMobile|Opera Mini/i.test(userAgent);
}

/** A quote opened through its share link: read where the purchasing department receives it. */
const SHARED_QUOTE = /^\/devis\/partage\/[A-Za-z0-9_-]+$/;

export function isMobileAllowedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (MOBILE_ALLOWED_PATHS as readonly string[]).includes(path) || SHARED_QUOTE.test(path);
}

/** Where a navigation must go instead, or null when it may proceed. */
export function mobileRedirect(userAgent: string, pathname: string): string | null {
  return isMobileUserAgent(userAgent) && !isMobileAllowedPath(pathname) ? '/not_allowed_for_mobile' : null;
}
