//! Pricing from a catalog, in integer cents: the catalog types, the customer's options and the
//! priced breakdown.

mod catalog;
mod lead_time;
mod price;
mod resolve;
mod shipping;
mod validate;
mod withdrawn;

use serde::{Deserialize, Serialize};

pub use catalog::{
    Catalog, Choice, Express, Material, PostTreatment, PostTreatmentPricing, Process, QuantityBreak,
};
pub use lead_time::{
    DeliveryRange, LeadTimeMode, LeadTimeRow, LeadTimeTier, TransitDays, MAX_LEAD_TIME_DAYS,
};
pub use price::{price, price_all_processes, round_cents};
pub use resolve::{validate_options, validate_quantity, ValidOptions};
pub use shipping::{Shipping, ShippingZone, WeightBand, ZONE_CODES};
pub use validate::{MAX_CODE_CHARS, MAX_NAME_CHARS};
pub use withdrawn::{price_saved, withdrawn_choice};

/// A post-treatment the customer asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PostTreatmentChoice {
    /// Index in the catalog (0 polissage, 1 taraudage, 2 revêtement de surface).
    pub index: u8,
    /// Number of holes to tap (tapping only).
    #[serde(default)]
    pub holes: u32,
}

/// What the customer chose. `None` picks the catalog's default for the process or material.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct PriceOptions {
    /// Process code (`SLA`, `SLS`, `MJF`, `SLM`).
    pub process: String,
    /// Material code; `None` for the process's default material.
    pub material: Option<String>,
    /// Colour code; `None` for the material's default colour.
    pub colour: Option<String>,
    /// Finish code; `None` for the material's default finish.
    pub finish: Option<String>,
    /// Post-treatments, each at most once.
    pub post_treatments: Vec<PostTreatmentChoice>,
    /// Number of identical parts (1 to the catalog's `max_quantity`).
    pub quantity: u32,
    /// Express lead time.
    pub express: bool,
    /// « Économique » lead time: the process's slower tier, at its own price factor. Never
    /// together with `express` ([`validate_options`] refuses both); absent from options stored
    /// before it existed, which read as `false`.
    pub economique: bool,
}

impl Default for PriceOptions {
    fn default() -> Self {
        PriceOptions {
            process: "SLA".into(),
            material: None,
            colour: None,
            finish: None,
            post_treatments: Vec::new(),
            quantity: 1,
            express: false,
            economique: false,
        }
    }
}

impl PriceOptions {
    /// Options for a process with its default material, one part.
    pub fn for_process(code: &str) -> Self {
        PriceOptions {
            process: code.into(),
            ..Default::default()
        }
    }

    /// The lead-time tier asked for: express, économique, or standard when neither is.
    pub fn lead_time_mode(&self) -> LeadTimeMode {
        mode_of(self.express, self.economique)
    }

    /// These options at another lead-time tier (`express` and `economique` set accordingly).
    pub fn with_lead_time_mode(&self, mode: LeadTimeMode) -> PriceOptions {
        PriceOptions {
            express: mode == LeadTimeMode::Express,
            economique: mode == LeadTimeMode::Economique,
            ..self.clone()
        }
    }
}

fn mode_of(express: bool, economique: bool) -> LeadTimeMode {
    if express {
        LeadTimeMode::Express
    } else if economique {
        LeadTimeMode::Economique
    } else {
        LeadTimeMode::Standard
    }
}

/// One per-part amount of the breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PriceComponent {
    /// Stable code: `material`, `space`, `height`, `handling`, `colour`, `finish`,
    /// `post_treatment_<index>`.
    pub code: String,
    /// French label.
    pub label: String,
    /// Amount per part, cents excl. VAT, already rounded to the cent.
    pub cents: u64,
}

/// A priced line, every amount in cents excluding VAT.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PriceBreakdown {
    /// Process code.
    pub process: String,
    /// Process name (French).
    pub process_name: String,
    /// Material code.
    pub material: String,
    /// Material name (French).
    pub material_name: String,
    /// Colour code.
    pub colour: String,
    /// Colour name (French).
    pub colour_name: String,
    /// Finish code.
    pub finish: String,
    /// Finish name (French).
    pub finish_name: String,
    /// Priced material volume (part, plus supports where built), cm³.
    pub material_volume_cm3: f64,
    /// Oriented bounding-box volume, cm³.
    pub bbox_volume_cm3: f64,
    /// Build height, mm.
    pub build_height_mm: f64,
    /// Surface area, cm².
    pub area_cm2: f64,
    /// Weight of one part, g (volume × density).
    pub weight_g: f64,
    /// Per-part amounts, each rounded to the cent.
    pub components: Vec<PriceComponent>,
    /// Sum of the components, cents.
    pub subtotal_cents: u64,
    /// The material's minimum part price, cents.
    pub minimum_part_price_cents: u64,
    /// Whether the minimum replaced the subtotal.
    pub minimum_applied: bool,
    /// Price of one part, cents: `max(minimum, subtotal)`.
    pub unit_cents: u64,
    /// Number of parts.
    pub quantity: u32,
    /// Quantity discount in percent.
    pub discount_percent: u32,
    /// Quantity factor (`1 − discount`).
    pub factor: f64,
    /// Whether express lead time was chosen.
    pub express: bool,
    /// Whether the « économique » lead time was chosen.
    pub economique: bool,
    /// Price factor in percent of the chosen lead-time tier: express's (e.g. 135), économique's
    /// (e.g. 90) or standard's (100 unless the process sets its own). The name predates the
    /// économique tier and is kept for the JSON it is part of.
    pub express_factor_percent: u32,
    /// Lead time in working days: the tier's, plus the post-treatments' days.
    pub lead_time_days: u32,
    /// Line total, cents: `unit × quantity × factor × tier factor`, rounded once.
    pub line_cents: u64,
    /// French label of the line (e.g. "SLA – Résine standard, gris, brut").
    pub label: String,
}

impl PriceBreakdown {
    /// The amount of one component, 0 when absent.
    pub fn component_cents(&self, code: &str) -> u64 {
        self.components
            .iter()
            .find(|c| c.code == code)
            .map_or(0, |c| c.cents)
    }

    /// The lead-time tier the line was priced with.
    pub fn lead_time_mode(&self) -> LeadTimeMode {
        mode_of(self.express, self.economique)
    }
}
