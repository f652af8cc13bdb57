// Generated from quote-core's and quote-wasm's Rust types by ts-rs: do not edit.
// Regenerate with `cargo run -p quote-wasm --features ts --example ts-types`.
// Types of the quote engine's JSON: analysis, quick stats, catalog, price options and prices.

/**
 * A length unit a file may have been drawn in. STL and OBJ carry none: millimetres are assumed.
 */
export type Unit = "mm" | "cm" | "in";

/**
 * A supported file format.
 */
export type Format = "stl" | "obj" | "3mf" | "step";

/**
 * A warning for the user: stable code plus French text.
 */
export type Warning = {
  /**
   * Stable code, e.g. `not_watertight`.
   */
  code: string,
  /**
   * French text.
   */
  message: string,
};

/**
 * Where and how a part fits one process's build volume.
 */
export type ProcessFit = {
  /**
   * Process code.
   */
  process: string,
  /**
   * Whether some axis-aligned orientation fits the build volume.
   */
  fits: boolean,
  /**
   * The chosen orientation: which source axis (0 x, 1 y, 2 z) becomes the build height.
   */
  up_axis: number,
  /**
   * The build height runs along the negative `up_axis` (the part is flipped).
   */
  upside_down: boolean,
  /**
   * Part dimensions in that orientation (x, y, z = height), mm.
   */
  oriented_size_mm: [number, number, number],
  /**
   * Build height in that orientation, mm.
   */
  height_mm: number,
  /**
   * Bounding-box volume, mm³.
   */
  bbox_volume_mm3: number,
  /**
   * Area of faces that need support in that orientation, mm².
   */
  overhang_area_mm2: number,
  /**
   * Estimated support volume in that orientation, mm³ (0 for powder processes).
   */
  support_volume_mm3: number,
  /**
   * Whether the estimated minimum wall is under the process minimum.
   */
  too_thin: boolean,
};

/**
 * Figures for one connected body.
 */
export type ShellAnalysis = {
  /**
   * Triangles in this shell.
   */
  triangles: number,
  /**
   * Absolute volume, mm³.
   */
  volume_mm3: number,
  /**
   * Signed volume (negative when the shell is inside out), mm³.
   */
  signed_volume_mm3: number,
  /**
   * Surface area, mm².
   */
  area_mm2: number,
  /**
   * Bounding box corners, mm.
   */
  bbox_min: [number, number, number],
  /**
   * Bounding box corners, mm.
   */
  bbox_max: [number, number, number],
  /**
   * Every edge shared by exactly two triangles with opposite directions.
   */
  watertight: boolean,
};

/**
 * One body of the file: a solid shell with the voids inside it, as it will be printed.
 */
export type BodyAnalysis = {
  /**
   * Triangles of its shells.
   */
  triangles: number,
  /**
   * Shells: the outer one and its voids.
   */
  shells: number,
  /**
   * Voids (shells inside the outer one), subtracted from the volume.
   */
  voids: number,
  /**
   * Volume after repair (the outer shell's less its voids'), mm³.
   */
  volume_mm3: number,
  /**
   * Surface area, voids included, mm².
   */
  area_mm2: number,
  /**
   * Bounding box corners, mm.
   */
  bbox_min: [number, number, number],
  /**
   * Bounding box corners, mm.
   */
  bbox_max: [number, number, number],
  /**
   * Every edge of its shells shared by exactly two triangles with opposite directions.
   */
  watertight: boolean,
  /**
   * One of its shells was written inside out and was turned (its volume counts as it should).
   */
  turned: boolean,
};

/**
 * What the engine repaired before measuring, so that the figures are those of the part as it
 * will be printed.
 */
export type Repairs = {
  /**
   * Vertices merged into a vertex closer than the weld's tolerance (1e-6 of the diagonal).
   */
  welded_vertices: number,
  /**
   * Triangles left without area by that weld (two corners merged), removed.
   */
  removed_triangles: number,
  /**
   * Faces turned to agree with the majority of their shell.
   */
  turned_faces: number,
  /**
   * Whole shells turned (a body inside out, or a void wound like a solid).
   */
  turned_bodies: number,
  /**
   * The weld closed a mesh that exact coordinates left open.
   */
  weld_closed: boolean,
  /**
   * Closed as read, before any repair (exact weld; `is_watertight` of the reference table).
   */
  closed_as_read: boolean,
  /**
   * Watertight as read, before any repair (`is_volume` of the reference table).
   */
  watertight_as_read: boolean,
};

/**
 * The analysis of a whole file, in millimetres.
 */
export type Analysis = {
  /**
   * Source format.
   */
  format: Format,
  /**
   * Triangle count.
   */
  triangles: number,
  /**
   * Unique vertices after the weld (exact, then tolerant when it repaired the mesh).
   */
  vertices: number,
  /**
   * Absolute value of the signed volume after repair, mm³, less what overlapping bodies count
   * twice (the volume of their union, see `overlapping_bodies`). This is what is priced.
   * (Summing the shells' absolute volumes instead would add the cavity of a hollow part rather
   * than subtract it; the repair has turned voids and inverted bodies so that the sum is right.)
   */
  volume_mm3: number,
  /**
   * Signed volume of the whole mesh, mm³ (each body counted whole, overlaps included).
   */
  signed_volume_mm3: number,
  /**
   * Surface area, mm².
   */
  area_mm2: number,
  /**
   * Bounding box, mm.
   */
  bbox_min: [number, number, number],
  /**
   * Bounding box, mm.
   */
  bbox_max: [number, number, number],
  /**
   * Connected bodies (shells), by shared vertices.
   */
  shells: number,
  /**
   * Details per shell (largest first, at most 64 listed).
   */
  shell_details: Array<ShellAnalysis>,
  /**
   * Separate bodies: shells not inside another (a shell inside another is a void of its body).
   */
  bodies: number,
  /**
   * Each body in order of first appearance in the file (at most 64 listed).
   */
  body_details: Array<BodyAnalysis>,
  /**
   * Closed bodies whose surfaces cross another's (printed as one): `volume_mm3` is then the
   * volume of their union, not the sum of theirs. 0 when none (and in older JSON).
   */
  overlapping_bodies: number,
  /**
   * What the repair did before the figures were taken.
   */
  repairs: Repairs,
  /**
   * After repair, every edge shared by exactly two triangles, consistently oriented
   * (`is_volume` of the reference table for a file that needed no repair).
   */
  watertight: boolean,
  /**
   * After repair, every undirected edge shared by exactly two triangles, orientation aside
   * (`is_watertight` of the reference table for a file that needed no repair).
   */
  closed: boolean,
  /**
   * Edges used by one triangle only.
   */
  boundary_edges: number,
  /**
   * Those open edges as segments (two corners, mm, `f32`: for display, never measured), the
   * first 500 in the order of their vertices (deterministic), for the viewer to draw:
   * `boundary_edges` gives the full count. Empty in the analyses the server stores (the viewer
   * analyses the file itself) and when absent from older JSON.
   */
  open_edges: Array<[[number, number, number], [number, number, number]]>,
  /**
   * Edges used by more than two triangles.
   */
  non_manifold_edges: number,
  /**
   * Edges whose two triangles run them the same way (flipped faces).
   */
  inconsistent_edges: number,
  /**
   * The repair's tolerant weld closed a mesh that exact coordinates left open (the same as
   * `repairs.weld_closed`).
   */
  tolerant_weld_closes: boolean,
  /**
   * Triangles with zero area (repeated index or collinear corners).
   */
  degenerate_triangles: number,
  /**
   * The mesh is still inside out after repair (negative signed volume: an open mesh, which the
   * repair does not turn); the absolute volume is priced.
   */
  inverted: boolean,
  /**
   * Estimated thinnest wall, mm: 5th percentile of inward ray casts from a sample of faces,
   * measured up to 10 mm; `None` when the walls are thicker than that or nothing could be
   * measured.
   */
  min_wall_mm: number | null,
  /**
   * Fit and overhangs per process, in the best axis-aligned orientation.
   */
  fits: Array<ProcessFit>,
  /**
   * Suggested unit when the size looks wrong for millimetres.
   */
  unit_suggestion: Unit | null,
  /**
   * Warnings in French.
   */
  warnings: Array<Warning>,
};

/**
 * What the browser shows at once, before the full analysis: no weld, no topology.
 */
export type QuickStats = {
  /**
   * Source format.
   */
  format: Format,
  /**
   * Triangle count.
   */
  triangles: number,
  /**
   * Absolute volume, mm³ (meaningful for closed meshes).
   */
  volume_mm3: number,
  /**
   * Signed volume about the origin, mm³.
   */
  signed_volume_mm3: number,
  /**
   * Surface area, mm².
   */
  area_mm2: number,
  /**
   * Bounding box, mm.
   */
  bbox_min: [number, number, number],
  /**
   * Bounding box, mm.
   */
  bbox_max: [number, number, number],
};

/**
 * A post-treatment the customer asked for.
 */
export type PostTreatmentChoice = {
  /**
   * Index in the catalog (0 polissage, 1 taraudage, 2 revêtement de surface).
   */
  index: number,
  /**
   * Number of holes to tap (tapping only).
   */
  holes: number,
};

/**
 * What the customer chose. `None` picks the catalog's default for the process or material.
 */
export type PriceOptions = {
  /**
   * Process code (`SLA`, `SLS`, `MJF`, `SLM`).
   */
  process: string,
  /**
   * Material code; `None` for the process's default material.
   */
  material: string | null,
  /**
   * Colour code; `None` for the material's default colour.
   */
  colour: string | null,
  /**
   * Finish code; `None` for the material's default finish.
   */
  finish: string | null,
  /**
   * Post-treatments, each at most once.
   */
  post_treatments: Array<PostTreatmentChoice>,
  /**
   * Number of identical parts (1 to the catalog's `max_quantity`).
   */
  quantity: number,
  /**
   * Express lead time.
   */
  express: boolean,
  /**
   * « Économique » lead time: the process's slower tier, at its own price factor. Never
   * together with `express` ([`validate_options`] refuses both); absent from options stored
   * before it existed, which read as `false`.
   */
  economique: boolean,
};

/**
 * One per-part amount of the breakdown.
 */
export type PriceComponent = {
  /**
   * Stable code: `material`, `space`, `height`, `handling`, `colour`, `finish`,
   * `post_treatment_<index>`.
   */
  code: string,
  /**
   * French label.
   */
  label: string,
  /**
   * Amount per part, cents excl. VAT, already rounded to the cent.
   */
  cents: number,
};

/**
 * A priced line, every amount in cents excluding VAT.
 */
export type PriceBreakdown = {
  /**
   * Process code.
   */
  process: string,
  /**
   * Process name (French).
   */
  process_name: string,
  /**
   * Material code.
   */
  material: string,
  /**
   * Material name (French).
   */
  material_name: string,
  /**
   * Colour code.
   */
  colour: string,
  /**
   * Colour name (French).
   */
  colour_name: string,
  /**
   * Finish code.
   */
  finish: string,
  /**
   * Finish name (French).
   */
  finish_name: string,
  /**
   * Priced material volume (part, plus supports where built), cm³.
   */
  material_volume_cm3: number,
  /**
   * Oriented bounding-box volume, cm³.
   */
  bbox_volume_cm3: number,
  /**
   * Build height, mm.
   */
  build_height_mm: number,
  /**
   * Surface area, cm².
   */
  area_cm2: number,
  /**
   * Weight of one part, g (volume × density).
   */
  weight_g: number,
  /**
   * Per-part amounts, each rounded to the cent.
   */
  components: Array<PriceComponent>,
  /**
   * Sum of the components, cents.
   */
  subtotal_cents: number,
  /**
   * The material's minimum part price, cents.
   */
  minimum_part_price_cents: number,
  /**
   * Whether the minimum replaced the subtotal.
   */
  minimum_applied: boolean,
  /**
   * Price of one part, cents: `max(minimum, subtotal)`.
   */
  unit_cents: number,
  /**
   * Number of parts.
   */
  quantity: number,
  /**
   * Quantity discount in percent.
   */
  discount_percent: number,
  /**
   * Quantity factor (`1 − discount`).
   */
  factor: number,
  /**
   * Whether express lead time was chosen.
   */
  express: boolean,
  /**
   * Whether the « économique » lead time was chosen.
   */
  economique: boolean,
  /**
   * Price factor in percent of the chosen lead-time tier: express's (e.g. 135), économique's
   * (e.g. 90) or standard's (100 unless the process sets its own). The name predates the
   * économique tier and is kept for the JSON it is part of.
   */
  express_factor_percent: number,
  /**
   * Lead time in working days: the tier's, plus the post-treatments' days.
   */
  lead_time_days: number,
  /**
   * Line total, cents: `unit × quantity × factor × tier factor`, rounded once.
   */
  line_cents: number,
  /**
   * French label of the line (e.g. "SLA – Résine standard, gris, brut").
   */
  label: string,
};

/**
 * An engine error as the page shows it: its stable code and French message.
 */
export type EngineError = {
  /**
   * Stable code, e.g. `coordinate_too_large`.
   */
  code: string,
  /**
   * French text.
   */
  message: string,
};

/**
 * One process's offer for a part: its breakdown with the default material, colour and
 * finish, or why it cannot be made with that process.
 */
export type ProcessOffer = {
  /**
   * Process code.
   */
  process: string,
  /**
   * Process name (French).
   */
  name: string,
  /**
   * The price with the process's defaults, when it can make the part.
   */
  breakdown: PriceBreakdown | null,
  /**
   * Why it cannot, otherwise.
   */
  error: EngineError | null,
};

/**
 * A lead-time tier's kind, slowest first.
 */
export type LeadTimeMode = "economique" | "standard" | "express";

/**
 * A lead-time tier a process offers.
 */
export type LeadTimeTier = {
  /**
   * Which tier.
   */
  mode: LeadTimeMode,
  /**
   * Lead time, working days after day 0.
   */
  lead_time_days: number,
  /**
   * Line price factor in percent (100 = unchanged, 135 = ×1,35, 90 = −10 %).
   */
  factor_percent: number,
};

/**
 * A delivery range for one zone.
 */
export type DeliveryRange = {
  /**
   * Shipping zone code (`france`, `ue`, `monde`).
   */
  zone: string,
  /**
   * Earliest delivery, `AAAA-MM-JJ`.
   */
  du: string,
  /**
   * Latest delivery, `AAAA-MM-JJ`.
   */
  au: string,
};

/**
 * The ship date of one tier of one process (`quote --json`'s `delais`).
 */
export type LeadTimeRow = {
  /**
   * Process code.
   */
  process: string,
  /**
   * Tier.
   */
  mode: LeadTimeMode,
  /**
   * Working days of the tier.
   */
  jours_ouvres: number,
  /**
   * Line price factor of the tier, percent.
   */
  facteur_pourcent: number,
  /**
   * Ship date, `AAAA-MM-JJ`.
   */
  expedition: string,
  /**
   * Delivery range per shipping zone.
   */
  livraison: Array<DeliveryRange>,
};

/**
 * A priced choice (colour or finish): a fixed fee per part plus a rate per cm² of surface.
 */
export type Choice = {
  /**
   * Code, unique within its list.
   */
  code: string,
  /**
   * French name.
   */
  name: string,
  /**
   * Fixed fee per part, cents.
   */
  fee_cents: number,
  /**
   * Cents per cm² of part surface.
   */
  rate_cents_per_cm2: number,
};

/**
 * A material of one process and its rates.
 */
export type Material = {
  /**
   * Code, unique within its process (e.g. `PA12`).
   */
  code: string,
  /**
   * French name.
   */
  name: string,
  /**
   * Density, g/cm³ (weight for shipping).
   */
  density_g_cm3: number,
  /**
   * Cents per cm³ of part (plus supports where the process builds them).
   */
  material_rate_cents_per_cm3: number,
  /**
   * Cents per cm³ of oriented bounding box (powder-bed share, SLS/MJF).
   */
  space_rate_cents_per_cm3: number,
  /**
   * Cents per mm of build height (machine time, SLA/SLM).
   */
  height_rate_cents_per_mm: number,
  /**
   * Handling fee per part, cents.
   */
  handling_fee_cents: number,
  /**
   * Minimum price of one part, cents.
   */
  minimum_part_price_cents: number,
  /**
   * Code of the default colour.
   */
  default_colour: string,
  /**
   * Colours offered.
   */
  colours: Array<Choice>,
  /**
   * Code of the default finish.
   */
  default_finish: string,
  /**
   * Finishes offered.
   */
  finishes: Array<Choice>,
};

/**
 * One printing process.
 */
export type Process = {
  /**
   * `SLA`, `SLS`, `MJF` or `SLM`.
   */
  code: string,
  /**
   * Index used by the site's routes (`/impression_3D?index=`).
   */
  index: number,
  /**
   * French name.
   */
  name: string,
  /**
   * French description.
   */
  description: string,
  /**
   * Build volume (x, y, z), mm.
   */
  build_volume_mm: [number, number, number],
  /**
   * Minimum printable wall, mm.
   */
  min_wall_mm: number,
  /**
   * Layer thickness, mm.
   */
  layer_thickness_mm: number,
  /**
   * Tolerance, French text (e.g. "± 0,2 mm").
   */
  tolerance: string,
  /**
   * Overhang limit in degrees from the horizontal; 0 when no support is built.
   */
  overhang_angle_deg: number,
  /**
   * Whether supports are built (their volume is then priced as material).
   */
  needs_support: boolean,
  /**
   * Code of the material chosen when the customer picks none.
   */
  default_material: string,
  /**
   * Materials offered with this process.
   */
  materials: Array<Material>,
  /**
   * This process's own lead-time tiers: one replaces the catalog's tier of the same mode,
   * another mode (« économique ») is added. Empty: the catalog's standard and express.
   */
  lead_times?: Array<LeadTimeTier>,
};

/**
 * How a post-treatment is priced.
 */
export type PostTreatmentPricing = "area" | "per_hole";

/**
 * A post-treatment.
 */
export type PostTreatment = {
  /**
   * Index used by the site's routes (`/post_traitement?index=`).
   */
  index: number,
  /**
   * Code (`polissage`, `taraudage`, `revetement`).
   */
  code: string,
  /**
   * French name.
   */
  name: string,
  /**
   * French description.
   */
  description: string,
  /**
   * How it is priced.
   */
  pricing: PostTreatmentPricing,
  /**
   * Fixed fee per part, cents.
   */
  fee_cents: number,
  /**
   * Cents per cm² (area) or per hole (per_hole).
   */
  rate_cents: number,
  /**
   * Process codes it can be ordered with.
   */
  processes: Array<string>,
  /**
   * Working days it adds to the lead time.
   */
  lead_time_days?: number,
};

/**
 * A quantity break: from `min_quantity` parts on, the line is discounted by `discount_percent`.
 */
export type QuantityBreak = {
  /**
   * First quantity the break applies to.
   */
  min_quantity: number,
  /**
   * Whole-percent discount on the line.
   */
  discount_percent: number,
};

/**
 * Express lead time.
 */
export type Express = {
  /**
   * Line price factor in percent (135 = ×1,35).
   */
  factor_percent: number,
  /**
   * Lead time in working days.
   */
  lead_time_days: number,
};

/**
 * A closure of the workshop, both days included.
 */
export type Closure = {
  /**
   * First closed day, `AAAA-MM-JJ`.
   */
  from: string,
  /**
   * Last closed day, `AAAA-MM-JJ`.
   */
  to: string,
  /**
   * What it is, French (« Fermeture annuelle »), for the admin.
   */
  label: string,
};

/**
 * The workshop's calendar in the catalog: the daily cut-off and the admin's closures.
 */
export type WorkCalendar = {
  /**
   * Paris time (`HH:MM`) from which an order counts from the next business day.
   */
  cutoff: string,
  /**
   * Closures of the workshop, counted as non-business days.
   */
  closures: Array<Closure>,
};

/**
 * A carrier's transit time for a shipping zone, business days after shipping.
 */
export type TransitDays = {
  /**
   * Fewest business days.
   */
  min_days: number,
  /**
   * Most business days.
   */
  max_days: number,
};

/**
 * A parcel up to `max_weight_g` grams costs `fee_cents`.
 */
export type WeightBand = {
  /**
   * Heaviest parcel of the band, g (inclusive).
   */
  max_weight_g: number,
  /**
   * Fee, cents excluding VAT.
   */
  fee_cents: number,
};

/**
 * The fees of one zone.
 */
export type ShippingZone = {
  /**
   * `france`, `ue` or `monde`.
   */
  code: string,
  /**
   * French name ("France métropolitaine").
   */
  name: string,
  /**
   * Weight bands by increasing `max_weight_g`.
   */
  bands: Array<WeightBand>,
  /**
   * Above the last band: cents per started kilogram beyond its `max_weight_g`.
   */
  extra_kg_cents: number,
  /**
   * The carrier's transit time (see [`super::Catalog::transit_days`] for the default).
   */
  transit_days?: TransitDays,
};

/**
 * The shipping table of the catalog.
 */
export type Shipping = {
  /**
   * Weight of the box and its padding added to every parcel, g.
   */
  packaging_g: number,
  /**
   * One entry per zone code of [`ZONE_CODES`].
   */
  zones: Array<ShippingZone>,
};

/**
 * The whole catalog.
 */
export type Catalog = {
  /**
   * ISO currency of every amount (always `EUR`).
   */
  currency: string,
  /**
   * Processes in index order (0 SLA, 1 SLS, 2 MJF, 3 SLM).
   */
  processes: Array<Process>,
  /**
   * Post-treatments in index order (0 polissage, 1 taraudage, 2 revêtement de surface).
   */
  post_treatments: Array<PostTreatment>,
  /**
   * Degressive quantity breaks, by increasing `min_quantity`.
   */
  quantity_breaks: Array<QuantityBreak>,
  /**
   * Largest quantity accepted on one line.
   */
  max_quantity: number,
  /**
   * Standard lead time in working days (every process's « standard » tier unless the
   * process overrides it).
   */
  lead_time_days: number,
  /**
   * Express lead time, when offered (every process's « express » tier unless the process
   * overrides it).
   */
  express: Express | null,
  /**
   * The workshop's calendar: daily cut-off and closures (12:00 and none when absent).
   */
  calendar?: WorkCalendar,
  /**
   * Shipping fees by zone and weight (the default table when a stored catalog has none).
   */
  shipping: Shipping,
};
