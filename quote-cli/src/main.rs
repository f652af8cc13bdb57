//! The `quote` command: analyses and prices STL, OBJ, 3MF and STEP files, as a French table or one JSON
//! line per file (`--json`). Exits with status 2 when a file could not be read.

mod args;
mod french;
mod input;
mod report;
mod table;

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;
use quote_core::pricing::{validate_options, validate_quantity, LeadTimeMode, LeadTimeRow};
use quote_core::{
    analyze, analyze_body, import_noting, Analysis, AnalysisOptions, Catalog, PriceOptions,
    QuoteError, Unit,
};

use args::Args;
use input::Input;
use report::{ErrorBody, FileError, PriceRequest, Report};

/// Why a file could not be read: an I/O failure or a typed engine error.
fn read_error(path: &Path, e: &io::Error) -> ErrorBody {
    let message = match e.kind() {
        io::ErrorKind::NotFound => "Fichier introuvable.".to_string(),
        io::ErrorKind::PermissionDenied => "Lecture du fichier refusée (droits d'accès).".into(),
        _ if path.is_dir() => "C'est un dossier, pas un fichier.".into(),
        _ => format!("Lecture du fichier impossible ({e})."),
    };
    ErrorBody {
        code: "io_error".into(),
        message,
    }
}

fn load_catalog(args: &Args) -> Result<Catalog, String> {
    let Some(path) = &args.catalog else {
        return Ok(Catalog::default_catalog());
    };
    let json = std::fs::read_to_string(path)
        .map_err(|e| format!("{}\u{a0}: {}", path.display(), read_error(path, &e).message))?;
    Catalog::from_json(&json).map_err(|e| e.message())
}

/// Checks `--process`, `--material`, `--quantity` and `--delai` once, before reading any file.
fn price_request(args: &Args, catalog: &Catalog) -> Result<Option<PriceRequest>, String> {
    if !args.wants_price() {
        return Ok(None);
    }
    // quote-core decides which choices are valid, with its French message.
    let quantity = args.quantity.unwrap_or(1);
    let mode = args
        .delai
        .map_or(LeadTimeMode::Standard, LeadTimeMode::from);
    match &args.process {
        Some(code) => {
            let options = PriceOptions {
                material: args.material.clone(),
                quantity,
                ..PriceOptions::for_process(code)
            }
            .with_lead_time_mode(mode);
            validate_options(catalog, &options).map_err(|e| e.message())?;
        }
        None => {
            validate_quantity(catalog, i64::from(quantity)).map_err(|e| e.message())?;
        }
    }
    Ok(Some(PriceRequest {
        process: args.process.clone(),
        material: args.material.clone(),
        quantity,
        mode,
    }))
}

/// `analyze_file`, but the file's bytes are released once the mesh is built, so that a large file
/// is not held in memory during the analysis (peak memory is a benchmark target).
/// With `body`, the analysis of that body alone (0-based).
fn analyse(
    name: &str,
    bytes: Input,
    options: &AnalysisOptions,
    body: Option<usize>,
) -> Result<Analysis, QuoteError> {
    let (format, mut mesh, notes) = import_noting(name, &bytes)?;
    drop(bytes);
    // A STEP file states its unit, already applied by the reader.
    if options.unit != Unit::Mm && format != quote_core::Format::Step {
        mesh.scale(options.unit.to_mm());
    }
    let mut analysis = match body {
        None => analyze(format, &mesh, options)?,
        Some(b) => analyze_body(format, &mesh, options, b)?,
    };
    analysis.warnings.splice(0..0, notes);
    Ok(analysis)
}

/// The order's instant for the ship dates: `--date`, or now; Unix seconds.
fn order_instant(args: &Args) -> Result<i64, String> {
    match &args.date {
        Some(text) => quote_core::calendar::parse_rfc3339(text).ok_or_else(|| {
            format!(
                "date « {text} » illisible\u{a0}: écrivez-la en RFC 3339, par exemple 2026-12-24T11:30:00+01:00."
            )
        }),
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .map_err(|_| "l'horloge du système est antérieure à 1970.".to_owned()),
    }
}

/// What every file shares, checked before any is read: the catalog, the detailed price asked
/// for, the order's instant and the ship dates it gives.
struct Setup {
    catalog: Catalog,
    request: Option<PriceRequest>,
    instant: i64,
    delais: Vec<LeadTimeRow>,
}

fn setup(args: &Args) -> Result<Setup, String> {
    let catalog = load_catalog(args)?;
    let request = price_request(args, &catalog)?;
    let instant = order_instant(args)?;
    let delais = catalog.lead_times(instant).map_err(|e| e.message())?;
    Ok(Setup {
        catalog,
        request,
        instant,
        delais,
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Setup {
        catalog,
        request,
        instant,
        delais,
    } = match setup(&args) {
        Ok(s) => s,
        Err(message) => {
            eprintln!("quote\u{a0}: {message}");
            return ExitCode::from(2);
        }
    };
    let mut options = catalog.analysis_options();
    options.unit = args.unit.into();
    if args.no_thickness {
        options.thickness_samples = 0;
    }

    let body = args.corps.map(|n| n as usize - 1);

    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    for path in &args.files {
        let file = path.display().to_string();
        let result = input::load(path)
            .map_err(|e| read_error(path, &e))
            .and_then(|bytes| {
                analyse(&file, bytes, &options, body).map_err(|e| ErrorBody::from(&e))
            });
        let text = match result {
            Ok(analysis) => {
                let r = Report::new(
                    file,
                    options.unit,
                    analysis,
                    &catalog,
                    request.as_ref(),
                    delais.clone(),
                );
                if args.json {
                    serde_json::to_string(&r).expect("a report serialises")
                } else {
                    table::render(&r, &catalog, instant)
                }
            }
            Err(error) => {
                failed = true;
                let e = FileError { file, error };
                if args.json {
                    serde_json::to_string(&e).expect("an error serialises")
                } else {
                    table::render_error(&e)
                }
            }
        };
        // A closed pipe (`quote ... | head`) ends the command quietly.
        if writeln!(out, "{text}").is_err() {
            return ExitCode::from(if failed { 2 } else { 0 });
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
