//! Page titles: `{title} | Forme Additive - votre expert en impression 3D`.
import { useEffect } from 'react';
import { fr } from './typography';

export const BRAND_NAME: string = import.meta.env.VITE_BRAND_NAME ?? 'Forme Additive';

export function pageTitle(title: string, brand: string = BRAND_NAME): string {
  const base = `${brand} - votre expert en impression 3D`;
  const trimmed = fr(title.trim());
  return trimmed ? `${trimmed} | ${base}` : base;
}

/** Sets document.title for the page being shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
