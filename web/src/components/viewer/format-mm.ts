//! Lengths in millimetres, the French way.

const mm = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `12,5 mm` */
export function formatMm(value: number): string {
  return `${mm.format(value)}\u00a0mm`;
}
