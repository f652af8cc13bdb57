//! Types of the quote engine's JSON (quote-core's serde shapes): analysis, catalog, options, prices.

export type Unit = 'mm' | 'cm' | 'in';
export type FileFormat = 'stl' | 'obj' | '3mf';

export interface Warning {
  code: string;
  message: string;
}

export interface ProcessFit {
  process: string;
  fits: boolean;
  up_axis: number;
  oriented_size_mm: [number, number, number];
  height_mm: number;
  bbox_volume_mm3: number;
  overhang_area_mm2: number;
  support_volume_mm3: number;
  too_thin: boolean;
}

/** One body of the file: a solid shell and the voids inside it, as it will be printed. */
export interface BodyAnalysis {
  triangles: number;
  shells: number;
  voids: number;
  volume_mm3: number;
  area_mm2: number;
  bbox_min: [number, number, number];
  bbox_max: [number, number, number];
  watertight: boolean;
  /** One of its shells was inside out and was turned. */
  turned: boolean;
}

/** What the engine repaired before measuring (the figures are those of the repaired mesh). */
export interface Repairs {
  welded_vertices: number;
  removed_triangles: number;
  turned_faces: number;
  turned_bodies: number;
  weld_closed: boolean;
  closed_as_read: boolean;
  watertight_as_read: boolean;
}

export interface Analysis {
  format: FileFormat;
  triangles: number;
  vertices: number;
  volume_mm3: number;
  signed_volume_mm3: number;
  area_mm2: number;
  bbox_min: [number, number, number];
  bbox_max: [number, number, number];
  shells: number;
  bodies: number;
  body_details: BodyAnalysis[];
  repairs: Repairs;
  watertight: boolean;
  closed: boolean;
  boundary_edges: number;
  degenerate_triangles: number;
  inverted: boolean;
  min_wall_mm: number | null;
  fits: ProcessFit[];
  unit_suggestion: Unit | null;
  warnings: Warning[];
}

export interface QuickStats {
  format: FileFormat;
  triangles: number;
  volume_mm3: number;
  area_mm2: number;
  bbox_min: [number, number, number];
  bbox_max: [number, number, number];
}

export interface PostTreatmentChoice {
  index: number;
  holes: number;
}

/** quote-core's `PriceOptions`: `null` picks the catalog's default. */
export interface PriceOptions {
  process: string;
  material: string | null;
  colour: string | null;
  finish: string | null;
  post_treatments: PostTreatmentChoice[];
  quantity: number;
  express: boolean;
}

export interface PriceComponent {
  code: string;
  label: string;
  cents: number;
}

export interface PriceBreakdown {
  process: string;
  process_name: string;
  material: string;
  material_name: string;
  colour_name: string;
  finish_name: string;
  material_volume_cm3: number;
  weight_g: number;
  components: PriceComponent[];
  minimum_applied: boolean;
  unit_cents: number;
  quantity: number;
  discount_percent: number;
  express: boolean;
  lead_time_days: number;
  line_cents: number;
  label: string;
}

/** One process's offer with its default material: a breakdown, or why it cannot make the part. */
export interface ProcessOffer {
  process: string;
  name: string;
  breakdown: PriceBreakdown | null;
  error: EngineError | null;
}

export interface EngineError {
  code: string;
  message: string;
}

export interface CatalogChoice {
  code: string;
  name: string;
}

export interface CatalogMaterial {
  code: string;
  name: string;
  default_colour: string;
  colours: CatalogChoice[];
  default_finish: string;
  finishes: CatalogChoice[];
}

export interface CatalogProcess {
  code: string;
  index: number;
  name: string;
  default_material: string;
  materials: CatalogMaterial[];
}

export interface CatalogPostTreatment {
  index: number;
  code: string;
  name: string;
  pricing: 'area' | 'per_hole';
  processes: string[];
}

/** The catalog (`Combinaison/full`), as far as the quote page reads it. */
export interface Catalog {
  processes: CatalogProcess[];
  post_treatments: CatalogPostTreatment[];
  max_quantity: number;
  express: { factor_percent: number; lead_time_days: number } | null;
}
