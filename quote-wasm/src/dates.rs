//! Browser bindings of quote-core's calendar: the ship date of every process and lead-time tier,
//! and of one line, for an order placed now, computed exactly as the server and `quote --date` do.

use quote_core::calendar::ship_date as core_ship_date;
use quote_core::{PriceBreakdown, QuoteError};
use wasm_bindgen::prelude::*;

use crate::{catalog_from, quote_error, to_json};

/// An instant in milliseconds since 1970 (`Date.now()`) as whole Unix seconds, rounded down like
/// the server's clock.
pub fn instant_secs(unix_ms: f64) -> Result<i64, QuoteError> {
    // ±2^53 ms is far beyond the years the calendar handles, which it refuses itself.
    if !(unix_ms.is_finite() && unix_ms.abs() < 9.0e15) {
        return Err(QuoteError::InvalidOption {
            detail: format!("l'instant {unix_ms} n'est pas une date."),
        });
    }
    Ok((unix_ms / 1000.0).floor() as i64)
}

/// The ship date and delivery ranges of every process and lead-time tier of the catalog (JSON;
/// the default catalog when absent or empty) for an order placed at `unix_ms`: a JSON array of
/// quote-core's `LeadTimeRow` (`{process, mode, jours_ouvres, facteur_pourcent, expedition,
/// livraison}`).
#[wasm_bindgen(js_name = leadTimes)]
pub fn lead_times(catalog_json: Option<String>, unix_ms: f64) -> Result<String, JsValue> {
    let catalog = catalog_from(catalog_json).map_err(quote_error)?;
    let secs = instant_secs(unix_ms).map_err(quote_error)?;
    let rows = catalog.lead_times(secs).map_err(quote_error)?;
    to_json(&rows)
}

/// The ship date (`AAAA-MM-JJ`) of an order placed at `unix_ms` with `working_days` of lead time
/// (a line's `lead_time_days`: its tier plus its post-treatments), by the catalog's calendar.
#[wasm_bindgen(js_name = shipDate)]
pub fn ship_date(
    catalog_json: Option<String>,
    unix_ms: f64,
    working_days: u32,
) -> Result<String, JsValue> {
    let catalog = catalog_from(catalog_json).map_err(quote_error)?;
    let secs = instant_secs(unix_ms).map_err(quote_error)?;
    core_ship_date(&catalog.calendar, secs, working_days)
        .map(|d| d.to_string())
        .map_err(quote_error)
}

/// The ship date and delivery ranges of every lead-time tier of a priced line's process (the
/// `PriceBreakdown` JSON that `price` gave), its post-treatment days included, for an order placed
/// at `unix_ms`: a JSON array of `LeadTimeRow`, slowest tier first, as the server's `calcul-prix`
/// gives them in `delais`.
#[wasm_bindgen(js_name = lineLeadTimes)]
pub fn line_lead_times(
    catalog_json: Option<String>,
    unix_ms: f64,
    breakdown_json: &str,
) -> Result<String, JsValue> {
    let catalog = catalog_from(catalog_json).map_err(quote_error)?;
    let secs = instant_secs(unix_ms).map_err(quote_error)?;
    let line: PriceBreakdown = serde_json::from_str(breakdown_json).map_err(|e| {
        quote_error(QuoteError::InvalidOption {
            detail: format!("ligne chiffrée illisible ({e})."),
        })
    })?;
    let rows = catalog.line_lead_times(&line, secs).map_err(quote_error)?;
    to_json(&rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote_core::calendar::parse_rfc3339;
    use quote_core::Catalog;

    #[test]
    fn milliseconds_round_down_to_the_second() {
        assert_eq!(instant_secs(1_798_108_199_999.0).unwrap(), 1_798_108_199);
        assert_eq!(instant_secs(-1.0).unwrap(), -1);
        assert!(instant_secs(f64::NAN).is_err());
    }

    #[test]
    fn the_bindings_give_the_engine_s_dates() {
        let secs = parse_rfc3339("2026-12-24T11:30:00+01:00").unwrap();
        let ms = secs as f64 * 1000.0 + 999.0;
        let rows = Catalog::default_catalog().lead_times(secs).unwrap();
        assert_eq!(
            lead_times(None, ms).unwrap(),
            serde_json::to_string(&rows).unwrap()
        );
        assert_eq!(ship_date(None, ms, 7).unwrap(), "2027-01-06");
    }

    #[test]
    fn a_line_s_tiers_are_the_engine_s() {
        let secs = parse_rfc3339("2026-12-24T11:30:00+01:00").unwrap();
        let c = Catalog::default_catalog();
        let cube = quote_core::analyze_file(
            "cube.stl",
            include_bytes!("../../fixtures/cube.stl"),
            &c.analysis_options(),
        )
        .unwrap();
        let line = quote_core::price(
            &cube,
            &quote_core::PriceOptions {
                express: true,
                ..quote_core::PriceOptions::for_process("MJF")
            },
            &c,
        )
        .unwrap();
        let json = line_lead_times(
            None,
            secs as f64 * 1000.0,
            &serde_json::to_string(&line).unwrap(),
        )
        .unwrap();
        let rows: Vec<quote_core::pricing::LeadTimeRow> = serde_json::from_str(&json).unwrap();
        assert_eq!(rows, c.line_lead_times(&line, secs).unwrap());
        assert_eq!(rows[0].expedition, "2027-01-06");
        assert_eq!(rows[1].expedition, "2026-12-30");
    }
}
