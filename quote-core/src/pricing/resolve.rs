//! Resolving the customer's options against the catalog and the analysis. [`validate_options`]
//! is the one place that decides whether a process, material, colour, finish, post-treatment,
//! quantity or lead-time (express, économique) choice is valid, with its French reason: the price, the server's quote
//! entries and its checkout all go through it.

use super::catalog::{Catalog, Choice, Material, PostTreatment, PostTreatmentPricing, Process};
use super::lead_time::LeadTimeMode;
use super::price::round_cents;
use super::{PostTreatmentChoice, PriceComponent, PriceOptions};
use crate::analysis::ProcessFit;
use crate::error::fr_int;
use crate::{Analysis, QuoteError};

pub(super) fn invalid(detail: String) -> QuoteError {
    QuoteError::InvalidOption { detail }
}

/// Resolves an optional choice code against a list, with the list's default.
fn pick<'a>(
    list: &'a [Choice],
    code: Option<&str>,
    default: &str,
    what: &str,
) -> Result<&'a Choice, QuoteError> {
    let wanted = code.unwrap_or(default);
    list.iter().find(|c| c.code == wanted).ok_or_else(|| {
        let known: Vec<&str> = list.iter().map(|c| c.code.as_str()).collect();
        invalid(format!(
            "{what} «\u{a0}{wanted}\u{a0}» inconnue (valeurs possibles\u{a0}: {}).",
            known.join(", ")
        ))
    })
}

/// The catalog entries named by options that [`validate_options`] accepted.
#[derive(Debug, Clone)]
pub struct ValidOptions<'a> {
    /// The process.
    pub process: &'a Process,
    /// The material (the process's default when none was chosen).
    pub material: &'a Material,
    /// The colour (the material's default when none was chosen).
    pub colour: &'a Choice,
    /// The finish (the material's default when none was chosen).
    pub finish: &'a Choice,
    /// Each post-treatment asked for, with its number of holes (tapping only, else 0).
    pub post_treatments: Vec<(&'a PostTreatment, u32)>,
    /// The number of parts.
    pub quantity: u32,
}

/// Holes one tapping may ask for.
const MAX_HOLES: u32 = 1000;

/// Decides whether `options` are valid for `catalog`: the process exists; the material, colour
/// and finish are offered for it (the defaults when `None`); each post-treatment exists, is
/// offered for the process, is asked once and, for tapping, names 1 to 1000 holes; the quantity
/// is within [`validate_quantity`]; express, or économique, is offered for the process (not
/// both asked). A refusal is
/// [`QuoteError::InvalidOption`] with a French detail. Whether the part fits the process is the
/// analysis's business, checked by [`price`](crate::price).
///
/// ```
/// use quote_core::pricing::validate_options;
/// use quote_core::{Catalog, PriceOptions};
///
/// let catalog = Catalog::default_catalog();
/// let valid = validate_options(&catalog, &PriceOptions::for_process("SLS")).unwrap();
/// assert_eq!(valid.material.code, "PA12");
/// let mut options = PriceOptions::for_process("SLS");
/// options.quantity = 0;
/// let refusal = validate_options(&catalog, &options).unwrap_err();
/// assert_eq!(
///     refusal.message(),
///     "Option de devis invalide\u{a0}: la quantité doit être comprise entre 1 et 1\u{202f}000 (demandée\u{a0}: 0)."
/// );
/// ```
pub fn validate_options<'a>(
    catalog: &'a Catalog,
    options: &PriceOptions,
) -> Result<ValidOptions<'a>, QuoteError> {
    let process = catalog.process(&options.process).ok_or_else(|| {
        let known: Vec<&str> = catalog.processes.iter().map(|p| p.code.as_str()).collect();
        invalid(format!(
            "procédé «\u{a0}{}\u{a0}» inconnu (valeurs possibles\u{a0}: {}).",
            options.process,
            known.join(", ")
        ))
    })?;
    let code = options
        .material
        .as_deref()
        .unwrap_or(&process.default_material);
    let material = process.material(code).ok_or_else(|| {
        let known: Vec<&str> = process.materials.iter().map(|m| m.code.as_str()).collect();
        invalid(format!(
            "matériau «\u{a0}{code}\u{a0}» inconnu pour le procédé {} (valeurs possibles\u{a0}: {}).",
            process.code,
            known.join(", ")
        ))
    })?;
    let colour = pick(
        &material.colours,
        options.colour.as_deref(),
        &material.default_colour,
        "couleur",
    )?;
    let finish = pick(
        &material.finishes,
        options.finish.as_deref(),
        &material.default_finish,
        "finition",
    )?;
    let post_treatments = post_treatments(catalog, process, &options.post_treatments)?;
    let quantity = validate_quantity(catalog, i64::from(options.quantity))?;
    if options.express && options.economique {
        return Err(invalid(
            "choisissez le délai express ou le délai économique, pas les deux.".into(),
        ));
    }
    if options.express
        && catalog
            .lead_time_tier(process, LeadTimeMode::Express)
            .is_none()
    {
        return Err(invalid("le délai express n'est pas proposé.".into()));
    }
    if options.economique
        && catalog
            .lead_time_tier(process, LeadTimeMode::Economique)
            .is_none()
    {
        return Err(invalid(format!(
            "le délai économique n'est pas proposé pour le procédé {}.",
            process.code
        )));
    }
    Ok(ValidOptions {
        process,
        material,
        colour,
        finish,
        post_treatments,
        quantity,
    })
}

/// Decides whether `quantity` identical parts may be ordered on one line: 1 to the catalog's
/// `max_quantity`. A signed number, so that a caller reading a negative one gets the same
/// refusal.
///
/// ```
/// use quote_core::pricing::validate_quantity;
/// use quote_core::Catalog;
///
/// let catalog = Catalog::default_catalog();
/// assert_eq!(validate_quantity(&catalog, 12).unwrap(), 12);
/// assert!(validate_quantity(&catalog, -1).unwrap_err().message().contains("(demandée\u{a0}: -1)"));
/// ```
pub fn validate_quantity(catalog: &Catalog, quantity: i64) -> Result<u32, QuoteError> {
    u32::try_from(quantity)
        .ok()
        .filter(|q| (1..=catalog.max_quantity).contains(q))
        .ok_or_else(|| {
            let sign = if quantity < 0 { "-" } else { "" };
            invalid(format!(
                "la quantité doit être comprise entre 1 et {} (demandée\u{a0}: {sign}{}).",
                fr_int(u64::from(catalog.max_quantity)),
                fr_int(quantity.unsigned_abs())
            ))
        })
}

fn post_treatments<'a>(
    catalog: &'a Catalog,
    process: &Process,
    chosen: &[PostTreatmentChoice],
) -> Result<Vec<(&'a PostTreatment, u32)>, QuoteError> {
    let mut out: Vec<(&PostTreatment, u32)> = Vec::with_capacity(chosen.len().min(8));
    for choice in chosen {
        let t = catalog
            .post_treatment(choice.index)
            .ok_or_else(|| invalid(format!("post-traitement n° {} inconnu.", choice.index)))?;
        if out.iter().any(|(seen, _)| seen.index == t.index) {
            return Err(invalid(format!(
                "le post-traitement «\u{a0}{}\u{a0}» est demandé deux fois.",
                t.name
            )));
        }
        if !t.processes.contains(&process.code) {
            return Err(invalid(format!(
                "le post-traitement «\u{a0}{}\u{a0}» n'est pas proposé pour le procédé {}.",
                t.name, process.code
            )));
        }
        let holes = match t.pricing {
            PostTreatmentPricing::Area => 0,
            PostTreatmentPricing::PerHole if (1..=MAX_HOLES).contains(&choice.holes) => {
                choice.holes
            }
            PostTreatmentPricing::PerHole => {
                return Err(invalid(format!(
                    "«\u{a0}{}\u{a0}»\u{a0}: indiquez un nombre de trous entre 1 et {MAX_HOLES} (lu\u{a0}: {}).",
                    t.name, choice.holes
                )));
            }
        };
        out.push((t, holes));
    }
    Ok(out)
}

pub(super) fn fit_for<'a>(
    analysis: &'a Analysis,
    process: &Process,
) -> Result<&'a ProcessFit, QuoteError> {
    let fit = analysis
        .fits
        .iter()
        .find(|f| f.process == process.code)
        .ok_or_else(|| {
            invalid(format!(
                "l'analyse ne couvre pas le procédé {}\u{a0}: relancez l'analyse avec ce catalogue.",
                process.code
            ))
        })?;
    if !fit.fits {
        return Err(QuoteError::DoesNotFit {
            process: process.code.clone(),
        });
    }
    Ok(fit)
}

/// The amounts of post-treatments [`validate_options`] accepted.
pub(super) fn post_treatment_components(
    chosen: &[(&PostTreatment, u32)],
    area_mm2: f64,
) -> Result<Vec<PriceComponent>, QuoteError> {
    chosen
        .iter()
        .map(|&(t, holes)| {
            let raw = match t.pricing {
                PostTreatmentPricing::Area => t.fee_cents + t.rate_cents * area_mm2 / 100.0,
                PostTreatmentPricing::PerHole => t.fee_cents + t.rate_cents * f64::from(holes),
            };
            component(&format!("post_treatment_{}", t.index), &t.name, raw)
        })
        .collect()
}

pub(super) fn component(code: &str, label: &str, raw: f64) -> Result<PriceComponent, QuoteError> {
    Ok(PriceComponent {
        code: code.into(),
        label: label.into(),
        cents: round_cents(raw)?,
    })
}

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod tests;
