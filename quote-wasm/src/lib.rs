//! Browser bindings of quote-core: analyse a file's bytes and price it, from a Web Worker.
//!
//! Results cross the boundary as JSON strings (exact for f64: the shortest round-trip form) and
//! the preview as typed arrays. Each preview getter moves its buffer out of the Rust heap into a
//! fresh JS typed array, so the worker can transfer it to the page without another copy.
//! Errors are JS `Error`s whose `message` is the engine's French text and whose `code` property
//! is its stable code.

mod dates;
mod preview;
#[cfg(feature = "ts")]
pub mod ts;

use quote_core::pricing::{price as price_part, price_saved, Catalog, PriceOptions};
use quote_core::Unit;
use quote_core::{Analysis, QuoteError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use dates::{instant_secs, lead_times, line_lead_times, ship_date};
pub use preview::{PreviewBuffers, FLAG_OVERHANG, FLAG_THIN_WALL, PREVIEW_TRIANGLE_LIMIT};

/// The engine's version, so the page can tell which build it runs.
#[wasm_bindgen]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// An engine error as a JS `Error` with a `code` property.
fn js_error(code: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    error.set_name("QuoteError");
    // Setting a plain data property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &"code".into(), &code.into());
    error.into()
}

pub(crate) fn quote_error(e: QuoteError) -> JsValue {
    js_error(e.code(), &e.message())
}

/// A malformed argument from the page (a programming error, still reported in French).
fn bad_argument(what: &str, detail: impl std::fmt::Display) -> JsValue {
    js_error(
        "invalid_argument",
        &format!("Paramètre {what} invalide : {detail}"),
    )
}

/// Parses the unit chosen on the page.
pub fn parse_unit(unit: &str) -> Result<Unit, QuoteError> {
    match unit {
        "mm" | "" => Ok(Unit::Mm),
        "cm" => Ok(Unit::Cm),
        "in" => Ok(Unit::In),
        other => Err(QuoteError::InvalidOption {
            detail: format!("unité « {other} » inconnue (mm, cm ou in)"),
        }),
    }
}

pub(crate) fn catalog_from(json: Option<String>) -> Result<Catalog, QuoteError> {
    match json {
        Some(j) if !j.trim().is_empty() => Catalog::from_json(&j),
        _ => Ok(Catalog::default_catalog()),
    }
}

pub(crate) fn to_json<T: Serialize>(value: &T) -> Result<String, JsValue> {
    // Serialising our own plain structs only fails on non-finite floats, which the engine
    // rejects on import; report it rather than panic.
    serde_json::to_string(value).map_err(|e| js_error("internal", &format!("Erreur interne : {e}")))
}

fn parse_analysis(json: &str) -> Result<Analysis, JsValue> {
    serde_json::from_str(json).map_err(|e| bad_argument("analysis", e))
}

/// A file analysed in the browser: the analysis (JSON) at once, and the preview buffers built on
/// demand ([`Analyzed::build_preview`]), so that the page can show the price before the preview.
#[wasm_bindgen]
pub struct Analyzed {
    analysis_json: String,
    /// The mesh and options, kept until the preview is built.
    pending: Option<(quote_core::Mesh, quote_core::AnalysisOptions)>,
    preview: PreviewBuffers,
}

#[wasm_bindgen]
impl Analyzed {
    /// The analysis as JSON (the same fields as quote-core's `Analysis`, in mm).
    #[wasm_bindgen(getter, js_name = analysisJson)]
    pub fn analysis_json(&self) -> String {
        self.analysis_json.clone()
    }

    /// Builds the preview (flags and buffers) and frees the mesh; later calls do nothing.
    #[wasm_bindgen(js_name = buildPreview)]
    pub fn build_preview(&mut self) {
        if let Some((mesh, options)) = self.pending.take() {
            let flags = quote_core::preview_flags(&mesh, &options);
            self.preview = preview::build(&mesh, &flags);
        }
    }

    /// 1 when the preview shows every triangle, else the sampling step of a huge mesh.
    #[wasm_bindgen(getter, js_name = previewStride)]
    pub fn preview_stride(&mut self) -> usize {
        self.build_preview();
        self.preview.stride
    }

    /// Moves the corner positions (x, y, z per corner, 9 per triangle, mm) out; empty afterwards.
    #[wasm_bindgen(js_name = takePositions)]
    pub fn take_positions(&mut self) -> js_sys::Float32Array {
        self.build_preview();
        let v = std::mem::take(&mut self.preview.positions);
        js_sys::Float32Array::from(&v[..])
    }

    /// Moves the flat normals (repeated for the three corners) out; empty afterwards.
    #[wasm_bindgen(js_name = takeNormals)]
    pub fn take_normals(&mut self) -> js_sys::Float32Array {
        self.build_preview();
        let v = std::mem::take(&mut self.preview.normals);
        js_sys::Float32Array::from(&v[..])
    }

    /// Moves the per-triangle flags out (bit 0 overhang, bit 1 thin wall); empty afterwards.
    #[wasm_bindgen(js_name = takeFlags)]
    pub fn take_flags(&mut self) -> js_sys::Uint8Array {
        self.build_preview();
        let v = std::mem::take(&mut self.preview.flags);
        js_sys::Uint8Array::from(&v[..])
    }
}

/// Analyses a file (STL, OBJ or 3MF; `name` gives the extension) drawn in `unit` (`mm`, `cm`
/// or `in`) against the catalog's processes (the default catalog when `catalog_json` is absent).
/// The preview is built later, on demand.
#[wasm_bindgen]
pub fn analyze(
    name: &str,
    bytes: &[u8],
    unit: &str,
    catalog_json: Option<String>,
) -> Result<Analyzed, JsValue> {
    analyze_part(name, bytes, unit, catalog_json, None)
}

/// [`analyze`] of one body of the file alone (0-based, numbered as in the whole file's
/// `body_details`): the part split out of a multi-body file, with its own figures and preview.
#[wasm_bindgen(js_name = analyzeBody)]
pub fn analyze_body(
    name: &str,
    bytes: &[u8],
    unit: &str,
    catalog_json: Option<String>,
    body: u32,
) -> Result<Analyzed, JsValue> {
    analyze_part(name, bytes, unit, catalog_json, Some(body as usize))
}

fn analyze_part(
    name: &str,
    bytes: &[u8],
    unit: &str,
    catalog_json: Option<String>,
    body: Option<usize>,
) -> Result<Analyzed, JsValue> {
    let imported = quote_core::import_noting(name, bytes);
    analyze_imported(imported, unit, catalog_json, body)
}

/// The steps of [`analyze_part`] after the import.
fn analyze_imported(
    imported: Result<
        (
            quote_core::Format,
            quote_core::Mesh,
            Vec<quote_core::analysis::Warning>,
        ),
        QuoteError,
    >,
    unit: &str,
    catalog_json: Option<String>,
    body: Option<usize>,
) -> Result<Analyzed, JsValue> {
    let unit = parse_unit(unit).map_err(quote_error)?;
    let catalog = catalog_from(catalog_json).map_err(quote_error)?;
    let mut options = catalog.analysis_options();
    options.unit = unit;
    // The same steps as `quote_core::analyze_file` (or `analyze_file_body`), kept apart to reuse
    // the mesh for the preview.
    let (format, mut mesh, notes) = imported.map_err(quote_error)?;
    if unit != Unit::Mm {
        mesh.scale(unit.to_mm());
    }
    // The preview shows the mesh as it was measured: repaired (welded, faces turned).
    let (mut analysis, mesh) = match body {
        None => quote_core::analyze_repaired(format, mesh, &options),
        Some(b) => quote_core::analyze_body_repaired(format, mesh, &options, b),
    }
    .map_err(quote_error)?;
    analysis.warnings.splice(0..0, notes);
    Ok(Analyzed {
        analysis_json: to_json(&analysis)?,
        pending: Some((mesh, options)),
        preview: PreviewBuffers::default(),
    })
}

/// A file analysed as it is read: its pieces are pushed as they arrive ([`AnalysisStream::push`])
/// and a binary STL is welded meanwhile, so that reading the file and welding it overlap;
/// [`AnalysisStream::finish`] gives what [`analyze`] gives for the whole file.
#[wasm_bindgen]
pub struct AnalysisStream {
    inner: quote_core::import::MeshStream,
}

#[wasm_bindgen]
impl AnalysisStream {
    /// A stream for the file `name` of `len` bytes.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, len: f64) -> AnalysisStream {
        AnalysisStream {
            inner: quote_core::import::MeshStream::new(name, len as u64),
        }
    }

    /// Takes the next piece of the file.
    pub fn push(&mut self, piece: &[u8]) {
        self.inner.push(piece);
    }

    /// Analyses the file in `unit` against the catalog, as [`analyze`] does (consumes the stream).
    pub fn finish(self, unit: &str, catalog_json: Option<String>) -> Result<Analyzed, JsValue> {
        analyze_imported(self.inner.finish(), unit, catalog_json, None)
    }
}

/// Prices an analysed part (`analysis_json` from [`analyze`]) with the customer's options
/// (quote-core's `PriceOptions` as JSON); returns the breakdown as JSON. The options may be a
/// quote entry saved before the catalog changed: a choice it no longer offers gets quote-core's
/// "n'est plus proposé" sentence.
#[wasm_bindgen]
pub fn price(
    analysis_json: &str,
    options_json: &str,
    catalog_json: Option<String>,
) -> Result<String, JsValue> {
    let analysis = parse_analysis(analysis_json)?;
    let options: PriceOptions =
        serde_json::from_str(options_json).map_err(|e| bad_argument("options", e))?;
    let catalog = catalog_from(catalog_json).map_err(quote_error)?;
    let breakdown = price_saved(&analysis, &options, &catalog).map_err(quote_error)?;
    to_json(&breakdown)
}

/// One process's offer for a part: its breakdown with the default material, colour and
/// finish, or why it cannot be made with that process.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProcessOffer {
    /// Process code.
    process: String,
    /// Process name (French).
    name: String,
    /// The price with the process's defaults, when it can make the part.
    breakdown: Option<quote_core::PriceBreakdown>,
    /// Why it cannot, otherwise.
    error: Option<ErrorBody>,
}

/// An engine error as the page shows it: its stable code and French message.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EngineError"))]
pub struct ErrorBody {
    /// Stable code, e.g. `coordinate_too_large`.
    code: &'static str,
    /// French text.
    message: String,
}

/// Prices a part with every process of the catalog (defaults, `quantity` parts); returns a JSON
/// array of `{process, name, breakdown, error}` where exactly one of the last two is null.
#[wasm_bindgen(js_name = priceAll)]
pub fn price_all(
    analysis_json: &str,
    catalog_json: Option<String>,
    quantity: u32,
) -> Result<String, JsValue> {
    let analysis = parse_analysis(analysis_json)?;
    let catalog = catalog_from(catalog_json).map_err(quote_error)?;
    let offers: Vec<ProcessOffer> = catalog
        .processes
        .iter()
        .map(|p| {
            let options = PriceOptions {
                quantity,
                ..PriceOptions::for_process(&p.code)
            };
            let (breakdown, error) = match price_part(&analysis, &options, &catalog) {
                Ok(b) => (Some(b), None),
                Err(e) => (
                    None,
                    Some(ErrorBody {
                        code: e.code(),
                        message: e.message(),
                    }),
                ),
            };
            ProcessOffer {
                process: p.code.clone(),
                name: p.name.clone(),
                breakdown,
                error,
            }
        })
        .collect();
    to_json(&offers)
}

/// Triangle count, volume, area and box without weld or topology (streamed for binary STL), as
/// JSON: what the page can show before the full analysis.
#[wasm_bindgen(js_name = quickStats)]
pub fn quick_stats(name: &str, bytes: &[u8], unit: &str) -> Result<String, JsValue> {
    let unit = parse_unit(unit).map_err(quote_error)?;
    let stats = quote_core::quick_stats(name, bytes).map_err(quote_error)?;
    to_json(&in_unit(stats, unit))
}

/// Quick stats over a file read in pieces (a binary STL is never held whole in WebAssembly
/// memory): `push` each piece in order, then `finish` gives the JSON of `quickStats`.
#[wasm_bindgen]
pub struct QuickStatsStream {
    inner: Option<quote_core::QuickStream>,
    unit: Unit,
}

#[wasm_bindgen]
impl QuickStatsStream {
    /// A stream for the file `name` of `length` bytes drawn in `unit`.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, length: f64, unit: &str) -> Result<QuickStatsStream, JsValue> {
        let unit = parse_unit(unit).map_err(quote_error)?;
        if !(length >= 0.0 && length.fract() == 0.0) {
            return Err(bad_argument("length", length));
        }
        Ok(QuickStatsStream {
            inner: Some(quote_core::QuickStream::new(name, length as u64)),
            unit,
        })
    }

    /// Reads the next piece of the file.
    pub fn push(&mut self, piece: &[u8]) -> Result<(), JsValue> {
        match &mut self.inner {
            Some(s) => s.push(piece).map_err(quote_error),
            None => Err(bad_argument("stream", "déjà terminé")),
        }
    }

    /// The figures of the whole file, as JSON (same fields as `quickStats`).
    pub fn finish(&mut self) -> Result<String, JsValue> {
        let stream = self
            .inner
            .take()
            .ok_or_else(|| bad_argument("stream", "déjà terminé"))?;
        let stats = stream.finish().map_err(quote_error)?;
        to_json(&in_unit(stats, self.unit))
    }
}

/// Quick stats of a file drawn in `unit`, converted to millimetres.
fn in_unit(mut stats: quote_core::QuickStats, unit: Unit) -> quote_core::QuickStats {
    if unit != Unit::Mm {
        let k = unit.to_mm();
        stats.volume_mm3 *= k * k * k;
        stats.signed_volume_mm3 *= k * k * k;
        stats.area_mm2 *= k * k;
        for i in 0..3 {
            stats.bbox_min[i] *= k;
            stats.bbox_max[i] *= k;
        }
    }
    stats
}

/// The default catalog as JSON, for pages that have not loaded `Combinaison/full` yet.
#[wasm_bindgen(js_name = defaultCatalogJson)]
pub fn default_catalog_json() -> Result<String, JsValue> {
    to_json(&Catalog::default_catalog())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_parsed_and_an_unknown_one_is_refused_in_french() {
        assert_eq!(parse_unit("cm").unwrap(), Unit::Cm);
        assert_eq!(parse_unit("in").unwrap(), Unit::In);
        let e = parse_unit("ft").unwrap_err();
        assert_eq!(e.code(), "invalid_option");
        assert!(e.message().contains("unité « ft » inconnue"));
    }
}
