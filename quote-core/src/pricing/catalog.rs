//! The catalog (the specification's `Combinaison`): processes, materials, colours, finishes,
//! post-treatments, quantity breaks, lead times (tiers, calendar: see [`super::lead_time`]), as
//! serde data. Fields added after the first stored catalogs have serde defaults.
//!
//! Every rate is an `f64` in euro cents (fractions of a cent allowed); percentages are integers.
//! Nothing here is priced: see [`super::price`].

use serde::{Deserialize, Serialize};

use super::lead_time::LeadTimeTier;
use super::shipping::Shipping;
use crate::analysis::{AnalysisOptions, ProcessGeometry};
use crate::calendar::WorkCalendar;
use crate::QuoteError;

/// The default catalog shipped with the engine (seed of the database).
const DEFAULT_CATALOG_JSON: &str = include_str!("../../catalog/default.json");

/// The whole catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Catalog {
    /// ISO currency of every amount (always `EUR`).
    pub currency: String,
    /// Processes in index order (0 SLA, 1 SLS, 2 MJF, 3 SLM).
    pub processes: Vec<Process>,
    /// Post-treatments in index order (0 polissage, 1 taraudage, 2 revêtement de surface).
    pub post_treatments: Vec<PostTreatment>,
    /// Degressive quantity breaks, by increasing `min_quantity`.
    pub quantity_breaks: Vec<QuantityBreak>,
    /// Largest quantity accepted on one line.
    pub max_quantity: u32,
    /// Standard lead time in working days (every process's « standard » tier unless the
    /// process overrides it).
    pub lead_time_days: u32,
    /// Express lead time, when offered (every process's « express » tier unless the process
    /// overrides it).
    pub express: Option<Express>,
    /// The workshop's calendar: daily cut-off and closures (12:00 and none when absent).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<WorkCalendar>", optional))]
    pub calendar: WorkCalendar,
    /// Shipping fees by zone and weight (the default table when a stored catalog has none).
    #[serde(default)]
    pub shipping: Shipping,
}

/// One printing process.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Process {
    /// `SLA`, `SLS`, `MJF` or `SLM`.
    pub code: String,
    /// Index used by the site's routes (`/impression_3D?index=`).
    pub index: u8,
    /// French name.
    pub name: String,
    /// French description.
    pub description: String,
    /// Build volume (x, y, z), mm.
    pub build_volume_mm: [f64; 3],
    /// Minimum printable wall, mm.
    pub min_wall_mm: f64,
    /// Layer thickness, mm.
    pub layer_thickness_mm: f64,
    /// Tolerance, French text (e.g. "± 0,2 mm").
    pub tolerance: String,
    /// Overhang limit in degrees from the horizontal; 0 when no support is built.
    pub overhang_angle_deg: f64,
    /// Whether supports are built (their volume is then priced as material).
    pub needs_support: bool,
    /// Code of the material chosen when the customer picks none.
    pub default_material: String,
    /// Materials offered with this process.
    pub materials: Vec<Material>,
    /// This process's own lead-time tiers: one replaces the catalog's tier of the same mode,
    /// another mode (« économique ») is added. Empty: the catalog's standard and express.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<LeadTimeTier>>", optional))]
    pub lead_times: Vec<LeadTimeTier>,
}

/// A material of one process and its rates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Material {
    /// Code, unique within its process (e.g. `PA12`).
    pub code: String,
    /// French name.
    pub name: String,
    /// Density, g/cm³ (weight for shipping).
    pub density_g_cm3: f64,
    /// Cents per cm³ of part (plus supports where the process builds them).
    pub material_rate_cents_per_cm3: f64,
    /// Cents per cm³ of oriented bounding box (powder-bed share, SLS/MJF).
    pub space_rate_cents_per_cm3: f64,
    /// Cents per mm of build height (machine time, SLA/SLM).
    pub height_rate_cents_per_mm: f64,
    /// Handling fee per part, cents.
    pub handling_fee_cents: f64,
    /// Minimum price of one part, cents.
    pub minimum_part_price_cents: f64,
    /// Code of the default colour.
    pub default_colour: String,
    /// Colours offered.
    pub colours: Vec<Choice>,
    /// Code of the default finish.
    pub default_finish: String,
    /// Finishes offered.
    pub finishes: Vec<Choice>,
}

/// A priced choice (colour or finish): a fixed fee per part plus a rate per cm² of surface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choice {
    /// Code, unique within its list.
    pub code: String,
    /// French name.
    pub name: String,
    /// Fixed fee per part, cents.
    pub fee_cents: f64,
    /// Cents per cm² of part surface.
    pub rate_cents_per_cm2: f64,
}

/// How a post-treatment is priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PostTreatmentPricing {
    /// `fee + rate × surface (cm²)`: polishing, coating.
    Area,
    /// `fee + rate × holes`: tapping.
    PerHole,
}

/// A post-treatment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PostTreatment {
    /// Index used by the site's routes (`/post_traitement?index=`).
    pub index: u8,
    /// Code (`polissage`, `taraudage`, `revetement`).
    pub code: String,
    /// French name.
    pub name: String,
    /// French description.
    pub description: String,
    /// How it is priced.
    pub pricing: PostTreatmentPricing,
    /// Fixed fee per part, cents.
    pub fee_cents: f64,
    /// Cents per cm² (area) or per hole (per_hole).
    pub rate_cents: f64,
    /// Process codes it can be ordered with.
    pub processes: Vec<String>,
    /// Working days it adds to the lead time.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
    pub lead_time_days: u32,
}

/// A quantity break: from `min_quantity` parts on, the line is discounted by `discount_percent`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuantityBreak {
    /// First quantity the break applies to.
    pub min_quantity: u32,
    /// Whole-percent discount on the line.
    pub discount_percent: u32,
}

/// Express lead time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Express {
    /// Line price factor in percent (135 = ×1,35).
    pub factor_percent: u32,
    /// Lead time in working days.
    pub lead_time_days: u32,
}

impl Catalog {
    /// The catalog shipped in `quote-core/catalog/default.json`.
    pub fn default_catalog() -> Catalog {
        // The embedded file is checked by a unit test; a failure here is a build defect.
        Catalog::from_json(DEFAULT_CATALOG_JSON).expect("the embedded default catalog is valid")
    }

    /// Parses and validates a catalog.
    pub fn from_json(json: &str) -> Result<Catalog, QuoteError> {
        let catalog: Catalog =
            serde_json::from_str(json).map_err(|e| QuoteError::InvalidCatalog {
                detail: format!("JSON illisible ({e})"),
            })?;
        catalog.validate()?;
        Ok(catalog)
    }

    /// The process with this code.
    pub fn process(&self, code: &str) -> Option<&Process> {
        self.processes.iter().find(|p| p.code == code)
    }

    /// The post-treatment with this index.
    pub fn post_treatment(&self, index: u8) -> Option<&PostTreatment> {
        self.post_treatments.iter().find(|p| p.index == index)
    }

    /// The discount in percent for a quantity (0 below the first break).
    pub fn discount_percent(&self, quantity: u32) -> u32 {
        self.quantity_breaks
            .iter()
            .filter(|b| quantity >= b.min_quantity)
            .map(|b| b.discount_percent)
            .max()
            .unwrap_or(0)
    }

    /// Analysis options for this catalog's processes; the rest (unit, sampling) keeps the
    /// analysis defaults.
    pub fn analysis_options(&self) -> AnalysisOptions {
        AnalysisOptions {
            processes: self
                .processes
                .iter()
                .map(|p| ProcessGeometry {
                    code: p.code.clone(),
                    build_volume_mm: p.build_volume_mm,
                    overhang_angle_deg: p.overhang_angle_deg,
                    min_wall_mm: p.min_wall_mm,
                    needs_support: p.needs_support,
                })
                .collect(),
            ..AnalysisOptions::default()
        }
    }
}

impl Process {
    /// The material with this code.
    pub fn material(&self, code: &str) -> Option<&Material> {
        self.materials.iter().find(|m| m.code == code)
    }
}
