//! TypeScript declarations of every JSON shape that crosses the WASM boundary, generated from
//! the Rust types by ts-rs (feature `ts`) so that the web app's types cannot drift from them.
//! `examples/ts-types.rs` writes them to `web/src/wasm/types.ts`; `scripts/test.sh` regenerates
//! that file and fails when the committed one differs.

use quote_core::calendar::{Closure, WorkCalendar};
use quote_core::pricing::{
    Catalog, Choice, DeliveryRange, Express, LeadTimeMode, LeadTimeRow, LeadTimeTier, Material,
    PostTreatment, PostTreatmentChoice, PostTreatmentPricing, PriceComponent, PriceOptions,
    Process, QuantityBreak, Shipping, ShippingZone, TransitDays, WeightBand,
};
use quote_core::{
    analysis::{ProcessFit, ShellAnalysis, Warning},
    Analysis, BodyAnalysis, Format, PriceBreakdown, QuickStats, Repairs, Unit,
};
use ts_rs::{Config, TS};

use crate::{ErrorBody, ProcessOffer};

const HEADER: &str = "\
// Generated from quote-core's and quote-wasm's Rust types by ts-rs: do not edit.
// Regenerate with `cargo run -p quote-wasm --features ts --example ts-types`.
// Types of the quote engine's JSON: analysis, quick stats, catalog, price options and prices.
";

fn push<T: TS>(cfg: &Config, out: &mut String) {
    out.push('\n');
    if let Some(docs) = T::docs() {
        out.push_str(&docs);
    }
    tidy(&format!("export {}", T::decl(cfg)), out);
}

/// Lays out ts-rs's one-line-per-field object types as a person would write them: fields
/// indented, no trailing spaces, the closing brace on its own line.
fn tidy(decl: &str, out: &mut String) {
    let mut inside = false;
    for line in decl.lines().map(str::trim_end) {
        if !inside {
            out.push_str(line);
            out.push('\n');
            inside = line.ends_with("= {");
        } else if let Some(last) = line.strip_suffix(" };") {
            out.push_str("  ");
            out.push_str(last);
            out.push_str("\n};\n");
            inside = false;
        } else {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// The whole `types.ts`: every type in a fixed order, integers as `number` (every count and
/// amount in cents is far below 2^53).
pub fn declarations() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(HEADER);
    macro_rules! declare {
        ($($t:ty),* $(,)?) => { $( push::<$t>(&cfg, &mut out); )* };
    }
    declare!(
        Unit,
        Format,
        Warning,
        ProcessFit,
        ShellAnalysis,
        BodyAnalysis,
        Repairs,
        Analysis,
        QuickStats,
        PostTreatmentChoice,
        PriceOptions,
        PriceComponent,
        PriceBreakdown,
        ErrorBody,
        ProcessOffer,
        LeadTimeMode,
        LeadTimeTier,
        DeliveryRange,
        LeadTimeRow,
        Choice,
        Material,
        Process,
        PostTreatmentPricing,
        PostTreatment,
        QuantityBreak,
        Express,
        Closure,
        WorkCalendar,
        TransitDays,
        WeightBand,
        ShippingZone,
        Shipping,
        Catalog,
    );
    out
}
