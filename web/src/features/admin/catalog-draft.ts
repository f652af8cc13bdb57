//! The catalog being edited: a draft changed through `edit` (a deep copy per change, so that React
//! sees a new object), the empty numbers the page refuses to send, and the changes that add or
//! remove a material, colour, finish or post-treatment. An identifier is chosen when the item is
//! added and never edited afterwards: baskets, quote entries and orders keep it.
import type { Catalog, Choice, PostTreatmentPricing } from '@/wasm/types';

export type Edit = (change: (draft: Catalog) => void) => void;

/** Colours or finishes of a material. */
export type ChoiceList = 'colours' | 'finishes';

/** The draft after `change`, leaving `catalog` untouched. */
export function edited(catalog: Catalog, change: (draft: Catalog) => void): Catalog {
  const copy = structuredClone(catalog);
  change(copy);
  return copy;
}

/** Paths of the numbers left empty (`processes[0].materials[1].handling_fee_cents`). */
export function emptyNumbers(value: unknown, path = ''): string[] {
  if (value === null || (typeof value === 'number' && Number.isNaN(value))) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyNumbers(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== undefined) {
    return Object.entries(value as Record<string, unknown>)
      // `express: null` means "no express offer", not an empty field.
      .filter(([k, v]) => !(k === 'express' && v === null))
      .flatMap(([k, v]) => emptyNumbers(v, path ? `${path}.${k}` : k));
  }
  return [];
}

/** The rule of quote-core's identifiers (`MAX_CODE_CHARS`), checked before the server does. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** Why `code` cannot name a new item beside `taken` (French), or null. */
export function newCodeError(code: string, taken: string[]): string | null {
  if (!code.trim()) return 'Indiquez un identifiant.';
  if (!CODE_PATTERN.test(code)) return 'Lettres sans accent, chiffres, « _ » et « - » seulement (40 caractères au plus).';
  if (taken.includes(code)) return `L’identifiant « ${code} » existe déjà ici.`;
  return null;
}

/** Why `name` cannot name a new item beside `taken` (French), or null. */
export function newNameError(name: string, taken: string[]): string | null {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return 'Indiquez un nom.';
  if (wanted.length > 80) return 'Le nom dépasse 80 caractères.';
  if (taken.some((t) => t.trim().toLowerCase() === wanted)) return `Le nom « ${name.trim()} » existe déjà ici.`;
  return null;
}

/** Adds a material to process `pi`, starting from the rates, colours and finishes of the
 * process's default material (the admin then sets its own). */
export function addMaterial(c: Catalog, pi: number, code: string, name: string): void {
  const p = c.processes[pi];
  const model = p.materials.find((m) => m.code === p.default_material) ?? p.materials[0];
  const start: Omit<(typeof p.materials)[number], 'code' | 'name'> = model
    ? structuredClone(model)
    : {
        density_g_cm3: 1,
        material_rate_cents_per_cm3: 0,
        space_rate_cents_per_cm3: 0,
        height_rate_cents_per_mm: 0,
        handling_fee_cents: 0,
        minimum_part_price_cents: 0,
        default_colour: '',
        colours: [],
        default_finish: '',
        finishes: [],
      };
  p.materials.push({ ...start, code, name });
  if (p.materials.length === 1) p.default_material = code;
}

/** Removes material `mi` of process `pi`; a removed default gives way to the first one left. */
export function removeMaterial(c: Catalog, pi: number, mi: number): void {
  const p = c.processes[pi];
  const [gone] = p.materials.splice(mi, 1);
  if (gone && p.default_material === gone.code && p.materials.length) p.default_material = p.materials[0].code;
}

const DEFAULT_KEY = { colours: 'default_colour', finishes: 'default_finish' } as const;

/** Adds a free colour or finish (no fee, no surface rate) to material `mi` of process `pi`. */
export function addChoice(c: Catalog, pi: number, mi: number, list: ChoiceList, code: string, name: string): void {
  const m = c.processes[pi].materials[mi];
  const choice: Choice = { code, name, fee_cents: 0, rate_cents_per_cm2: 0 };
  m[list].push(choice);
  if (m[list].length === 1) m[DEFAULT_KEY[list]] = code;
}

/** Removes choice `ci`; a removed default gives way to the first one left. */
export function removeChoice(c: Catalog, pi: number, mi: number, list: ChoiceList, ci: number): void {
  const m = c.processes[pi].materials[mi];
  const [gone] = m[list].splice(ci, 1);
  if (gone && m[DEFAULT_KEY[list]] === gone.code && m[list].length) m[DEFAULT_KEY[list]] = m[list][0].code;
}

/** Adds a post-treatment offered with every process, at the next free index (its page's
 * `/post_traitement?index=`), free until the admin sets its fee and rate. */
export function addPostTreatment(c: Catalog, code: string, name: string, pricing: PostTreatmentPricing): void {
  const index = c.post_treatments.reduce((max, t) => Math.max(max, t.index + 1), 0);
  c.post_treatments.push({ index, code, name, description: '', pricing, fee_cents: 0, rate_cents: 0, processes: c.processes.map((p) => p.code) });
}
