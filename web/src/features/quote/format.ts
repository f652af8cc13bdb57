//! French figures of the quote page: volumes, sizes, triangle counts.

const one = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const two = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** mm³ -> `12,35 cm³` */
export function formatVolume(mm3: number): string {
  return `${two.format(mm3 / 1000)}\u00a0cm³`;
}

/** mm² -> `45,2 cm²` */
export function formatArea(mm2: number): string {
  return `${one.format(mm2 / 100)}\u00a0cm²`;
}

/** Box corners -> `120,0 × 80,0 × 45,5 mm` */
export function formatSize(min: number[], max: number[]): string {
  return `${[0, 1, 2].map((i) => one.format(max[i] - min[i])).join(' × ')}\u00a0mm`;
}

export function formatCount(n: number): string {
  return whole.format(n);
}

/** Bytes -> `12,4 Mo` */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${one.format(bytes / 1024 / 1024)}\u00a0Mo` : `${whole.format(Math.ceil(bytes / 1024))}\u00a0ko`;
}

export const UNIT_LABELS = { mm: 'millimètres', cm: 'centimètres', in: 'pouces' } as const;
