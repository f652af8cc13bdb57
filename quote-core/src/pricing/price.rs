//! The price formula of PRODUCT.md, in integer cents.
//!
//! Determinism (the browser's WASM build and the server must agree to the cent): the path uses
//! only `+ - * /` and `floor` on f64 (all exact or correctly rounded by IEEE 754, identical on
//! wasm32 and x86_64), evaluated in a fixed order, from the same f64 analysis values.
//!
//! Rounding, documented once: each per-part component is computed in f64 cents and rounded to the
//! cent, half up ([`round_cents`]). From there everything is integer: the unit price is
//! `max(minimum, Σ components)`, and the line is `unit × quantity × (100 − discount) × tier`
//! divided by 10 000 in u128, rounded half up once, where `tier` is the percent factor of the
//! lead-time tier chosen (express, économique or standard).

use super::catalog::Catalog;
use super::resolve::{component, fit_for, invalid, post_treatment_components, validate_options};
use super::{PriceBreakdown, PriceOptions};
use crate::{Analysis, QuoteError};

/// Amounts beyond this many cents (10 billion euros) mean corrupt input, not a price.
const MAX_CENTS: f64 = 1e12;

/// Rounds non-negative f64 cents to the nearest cent, halves up, with exact operations only.
pub fn round_cents(x: f64) -> Result<u64, QuoteError> {
    if !(x.is_finite() && (0.0..MAX_CENTS).contains(&x)) {
        return Err(QuoteError::InvalidOption {
            detail: "le montant calculé est hors limites (analyse invalide ?).".into(),
        });
    }
    let whole = x.floor();
    // Exact: x and floor(x) are within 1 of each other and below 2^52.
    let rounded = if x - whole >= 0.5 { whole + 1.0 } else { whole };
    Ok(rounded as u64)
}

/// Prices an analysed part with the customer's options.
pub fn price(
    analysis: &Analysis,
    options: &PriceOptions,
    catalog: &Catalog,
) -> Result<PriceBreakdown, QuoteError> {
    let valid = validate_options(catalog, options)?;
    let (process, material) = (valid.process, valid.material);
    let (colour, finish) = (valid.colour, valid.finish);
    let fit = fit_for(analysis, process)?;

    // Inputs in mm, mm², mm³; rates are per cm, cm², cm³: divide after multiplying, fixed order.
    let support_mm3 = if process.needs_support {
        fit.support_volume_mm3
    } else {
        0.0
    };
    let material_mm3 = analysis.volume_mm3 + support_mm3;
    let area = analysis.area_mm2;
    let m = material;
    let mut components = Vec::with_capacity(8);
    let core = [
        (
            "material",
            "Matière",
            m.material_rate_cents_per_cm3,
            m.material_rate_cents_per_cm3 * material_mm3 / 1000.0,
        ),
        (
            "space",
            "Volume occupé dans le bac de poudre",
            m.space_rate_cents_per_cm3,
            m.space_rate_cents_per_cm3 * fit.bbox_volume_mm3 / 1000.0,
        ),
        (
            "height",
            "Temps machine (hauteur d'impression)",
            m.height_rate_cents_per_mm,
            m.height_rate_cents_per_mm * fit.height_mm,
        ),
        (
            "handling",
            "Préparation et manutention",
            m.handling_fee_cents,
            m.handling_fee_cents,
        ),
    ];
    for (code, label, rate, raw) in core {
        if rate > 0.0 {
            components.push(component(code, label, raw)?);
        }
    }
    for (code, what, choice) in [
        ("colour", "Couleur", colour),
        ("finish", "Finition", finish),
    ] {
        if choice.fee_cents > 0.0 || choice.rate_cents_per_cm2 > 0.0 {
            let raw = choice.fee_cents + choice.rate_cents_per_cm2 * area / 100.0;
            components.push(component(
                code,
                &format!("{what}\u{a0}: {}", choice.name),
                raw,
            )?);
        }
    }
    components.extend(post_treatment_components(&valid.post_treatments, area)?);

    let subtotal: u64 = components.iter().map(|c| c.cents).sum();
    let minimum = round_cents(m.minimum_part_price_cents)?;
    let unit = subtotal.max(minimum);
    let discount = catalog.discount_percent(options.quantity);
    // validate_options refused a tier the process does not offer, and express with économique.
    let tier = catalog.lead_time_tier(process, options.lead_time_mode());
    let (tier_pct, tier_days) = tier.map_or((100, catalog.lead_time_days), |t| {
        (t.factor_percent, t.lead_time_days)
    });
    let lead = tier_days
        + valid
            .post_treatments
            .iter()
            .map(|(pt, _)| pt.lead_time_days)
            .sum::<u32>();
    let numerator = u128::from(unit)
        * u128::from(options.quantity)
        * u128::from(100 - discount)
        * u128::from(tier_pct);
    let line = u64::try_from((numerator + 5_000) / 10_000)
        .map_err(|_| invalid("le montant de la ligne est hors limites.".into()))?;

    Ok(PriceBreakdown {
        process: process.code.clone(),
        process_name: process.name.clone(),
        material: m.code.clone(),
        material_name: m.name.clone(),
        colour: colour.code.clone(),
        colour_name: colour.name.clone(),
        finish: finish.code.clone(),
        finish_name: finish.name.clone(),
        material_volume_cm3: material_mm3 / 1000.0,
        bbox_volume_cm3: fit.bbox_volume_mm3 / 1000.0,
        build_height_mm: fit.height_mm,
        area_cm2: area / 100.0,
        weight_g: analysis.volume_mm3 / 1000.0 * m.density_g_cm3,
        components,
        subtotal_cents: subtotal,
        minimum_part_price_cents: minimum,
        minimum_applied: minimum > subtotal,
        unit_cents: unit,
        quantity: options.quantity,
        discount_percent: discount,
        factor: f64::from(100 - discount) / 100.0,
        express: options.express,
        economique: options.economique,
        express_factor_percent: tier_pct,
        lead_time_days: lead,
        line_cents: line,
        label: format!(
            "{} – {}, {}, {}",
            process.code,
            m.name,
            colour.name.to_lowercase(),
            finish.name.to_lowercase()
        ),
    })
}

/// The unit price (before quantity discount) of every catalog process with its default material,
/// colour and finish, or `None` where the part does not fit (or cannot be priced).
pub fn price_all_processes(
    analysis: &Analysis,
    catalog: &Catalog,
    quantity: u32,
) -> Vec<(String, Option<u64>)> {
    catalog
        .processes
        .iter()
        .map(|p| {
            let options = PriceOptions {
                quantity,
                ..PriceOptions::for_process(&p.code)
            };
            (
                p.code.clone(),
                price(analysis, &options, catalog)
                    .ok()
                    .map(|b| b.unit_cents),
            )
        })
        .collect()
}
