//! The French one-line summary of a priced line's options, shown in the basket and frozen on the
//! order lines and documents, and the repairs the engine made to the part's mesh.

use quote_core::pricing::LeadTimeMode;
use quote_core::{Catalog, PriceBreakdown, PriceOptions};

/// "SLA – Résine standard, gris, brut · Polissage · Taraudage (4 trous) · Express" (or
/// « · Économique »).
pub fn summary(b: &PriceBreakdown, options: &PriceOptions, catalog: &Catalog) -> String {
    let mut parts = vec![b.label.clone()];
    for pt in &options.post_treatments {
        let Some(t) = catalog.post_treatment(pt.index) else {
            continue;
        };
        parts.push(match pt.holes {
            0 => t.name.clone(),
            1 => format!("{} (1\u{a0}trou)", t.name),
            n => format!("{} ({n}\u{a0}trous)", t.name),
        });
    }
    // The standard tier goes without saying; express and économique are named.
    let mode = b.lead_time_mode();
    if mode != LeadTimeMode::Standard {
        parts.push(mode.french().to_owned());
    }
    parts.join(" · ")
}

/// The repairs among an analysis's warnings (`repaired_*`), as their French sentences.
pub fn repair_sentences(warnings: &[quote_core::analysis::Warning]) -> Vec<String> {
    warnings
        .iter()
        .filter(|w| w.code.starts_with("repaired_"))
        .map(|w| w.message.clone())
        .collect()
}
