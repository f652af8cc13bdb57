//! Forme Additive quote engine: reads STL, OBJ and 3MF files (STEP with the `step` feature)
//! from byte slices, analyses the mesh
//! (volume, area, box, shells, watertightness, overhangs, wall thickness, fit in each process's
//! build volume) and prices it from a catalog, in integer cents.
//!
//! The same code runs natively in the server and in the browser (wasm32), so the price path uses
//! only `+ - * /` on f64 and one documented rounding step.
#![warn(missing_docs)]

pub mod analysis;
pub mod calendar;
mod error;
pub mod import;
mod mesh;
mod par;
pub mod pricing;

pub use analysis::{
    analyze, analyze_body, analyze_body_repaired, analyze_repaired, preview_flags, quick_stats,
    Analysis, AnalysisOptions, BodyAnalysis, ProcessGeometry, QuickStats, QuickStream, Repairs,
    Unit,
};
pub use error::{fr_int, fr_num, QuoteError};
pub use import::{detect_format, import, import_noting, Format};
pub use mesh::Mesh;
pub use pricing::{price, Catalog, PriceBreakdown, PriceOptions};

/// Reads a file's bytes (its name picks the format when the content does not) and analyses it.
pub fn analyze_file(
    name: &str,
    bytes: &[u8],
    options: &AnalysisOptions,
) -> Result<Analysis, QuoteError> {
    let (format, mut mesh, notes) = import_noting(name, bytes)?;
    // A STEP file states its unit, already applied by the reader.
    if options.unit != Unit::Mm && format != Format::Step {
        mesh.scale(options.unit.to_mm());
    }
    let mut analysis = analyze(format, &mesh, options)?;
    analysis.warnings.splice(0..0, notes);
    Ok(analysis)
}

/// [`analyze_file`] of one body of the file alone (0-based, numbered as in
/// [`Analysis::body_details`]): the part a visitor splits out of a multi-body file.
pub fn analyze_file_body(
    name: &str,
    bytes: &[u8],
    options: &AnalysisOptions,
    body: usize,
) -> Result<Analysis, QuoteError> {
    let (format, mut mesh, notes) = import_noting(name, bytes)?;
    // A STEP file states its unit, already applied by the reader.
    if options.unit != Unit::Mm && format != Format::Step {
        mesh.scale(options.unit.to_mm());
    }
    let mut analysis = analyze_body(format, &mesh, options, body)?;
    analysis.warnings.splice(0..0, notes);
    Ok(analysis)
}
