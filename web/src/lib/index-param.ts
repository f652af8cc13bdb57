//! Reads the `index` query parameter of the pages with topics (`/impression_3D?index=2`).

/**
 * The topic index from the raw query value: an integer in [0, count). A missing or invalid
 * value gives `fallback` (the first topic, or `null` for "all" on /innovation).
 */
export function parseIndex(raw: string | null | undefined, count: number, fallback: number | null = 0): number | null {
  if (raw == null || !/^\d+$/.test(raw.trim())) return fallback;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value < count ? value : fallback;
}
