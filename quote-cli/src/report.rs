//! One file's result: the analysis, the price of every process, and the detailed price asked for,
//! as the JSON line of `quote --json`.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use quote_core::pricing::{price_all_processes, LeadTimeMode, LeadTimeRow};
use quote_core::{price, Analysis, Catalog, PriceBreakdown, PriceOptions, QuoteError, Unit};

/// A typed error as `{"code": ..., "message": ...}` (French message).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    /// Stable code.
    pub code: String,
    /// French message.
    pub message: String,
}

impl From<&QuoteError> for ErrorBody {
    fn from(e: &QuoteError) -> Self {
        ErrorBody {
            code: e.code().into(),
            message: e.message(),
        }
    }
}

/// Unit prices per process code, kept in catalog order (SLA, SLS, MJF, SLM).
#[derive(Debug, Clone, PartialEq)]
pub struct Prices(pub Vec<(String, Option<u64>)>);

impl Serialize for Prices {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (code, cents) in &self.0 {
            map.serialize_entry(code, cents)?;
        }
        map.end()
    }
}

/// The detailed price: a breakdown, or why there is none.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PriceResult {
    /// The priced line.
    Priced(Box<PriceBreakdown>),
    /// Why it could not be priced (e.g. `does_not_fit`).
    Failed {
        /// The error.
        error: ErrorBody,
    },
}

/// The JSON line for a file that was read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Path as given.
    pub file: String,
    /// Unit the file was read in.
    pub unit: Unit,
    /// Every analysis field (format, triangles, volume_mm3, area_mm2, bbox_min, ...).
    #[serde(flatten)]
    pub analysis: Analysis,
    /// Degenerate triangles (same as `degenerate_triangles`).
    pub degenerate: usize,
    /// Box size (x, y, z), mm.
    pub size_mm: [f64; 3],
    /// Unit price in cents of each process with its default material, null where it does not fit.
    pub prices: Prices,
    /// Detailed price, when `--process`, `--material` or `--quantity` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<PriceResult>,
    /// Ship date of every process and lead-time tier for an order at `--date` (or now).
    pub delais: Vec<LeadTimeRow>,
}

/// What the user asked to be priced in detail.
#[derive(Debug, Clone)]
pub struct PriceRequest {
    /// Process code; `None` picks the cheapest process the part fits.
    pub process: Option<String>,
    /// Material code; `None` for the process default.
    pub material: Option<String>,
    /// Number of parts.
    pub quantity: u32,
    /// Lead-time tier.
    pub mode: LeadTimeMode,
}

impl Report {
    /// Prices an analysis for every process, and in detail when `request` is given; `delais` are
    /// the catalog's ship dates for the order's instant.
    pub fn new(
        file: String,
        unit: Unit,
        analysis: Analysis,
        catalog: &Catalog,
        request: Option<&PriceRequest>,
        delais: Vec<LeadTimeRow>,
    ) -> Report {
        let prices = Prices(price_all_processes(&analysis, catalog, 1));
        let price = request.map(|r| detailed_price(&analysis, catalog, &prices, r));
        let size_mm = [0, 1, 2].map(|i| analysis.bbox_max[i] - analysis.bbox_min[i]);
        Report {
            file,
            unit,
            degenerate: analysis.degenerate_triangles,
            size_mm,
            prices,
            price,
            analysis,
            delais,
        }
    }
}

fn detailed_price(
    analysis: &Analysis,
    catalog: &Catalog,
    prices: &Prices,
    request: &PriceRequest,
) -> PriceResult {
    let cheapest = || {
        prices
            .0
            .iter()
            .filter_map(|(code, cents)| cents.map(|c| (c, code)))
            // min_by_key keeps the first of equal prices: ties go to catalog order.
            .min_by_key(|(c, _)| *c)
            .map(|(_, code)| code.clone())
    };
    let process = match request.process.clone().or_else(cheapest) {
        Some(p) => p,
        None => {
            let first = catalog.processes.first().map(|p| p.code.clone());
            first.unwrap_or_default()
        }
    };
    let options = PriceOptions {
        material: request.material.clone(),
        quantity: request.quantity,
        ..PriceOptions::for_process(&process)
    }
    .with_lead_time_mode(request.mode);
    match price(analysis, &options, catalog) {
        Ok(b) => PriceResult::Priced(Box::new(b)),
        Err(e) => PriceResult::Failed {
            error: ErrorBody::from(&e),
        },
    }
}

/// The JSON line for a file that could not be read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileError {
    /// Path as given.
    pub file: String,
    /// Why.
    pub error: ErrorBody,
}
