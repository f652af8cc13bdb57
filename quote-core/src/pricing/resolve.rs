//! Resolving the customer's options against the catalog and the analysis: process, material,
//! colour, finish, fit, post-treatments, each refused with a French reason when invalid.

use super::catalog::{Catalog, Choice, Material, PostTreatmentPricing, Process};
use super::price::round_cents;
use super::{PostTreatmentChoice, PriceComponent, PriceOptions};
use crate::analysis::ProcessFit;
use crate::error::fr_int;
use crate::{Analysis, QuoteError};

pub(super) fn invalid(detail: String) -> QuoteError {
    QuoteError::InvalidOption { detail }
}

/// Resolves an optional choice code against a list, with the list's default.
pub(super) fn pick<'a>(
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

pub(super) fn resolve<'a>(
    catalog: &'a Catalog,
    options: &PriceOptions,
) -> Result<(&'a Process, &'a Material), QuoteError> {
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
    if options.quantity == 0 || options.quantity > catalog.max_quantity {
        return Err(invalid(format!(
            "la quantité doit être comprise entre 1 et {} (demandée\u{a0}: {}).",
            fr_int(u64::from(catalog.max_quantity)),
            fr_int(u64::from(options.quantity))
        )));
    }
    if options.express && catalog.express.is_none() {
        return Err(invalid("le délai express n'est pas proposé.".into()));
    }
    Ok((process, material))
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

pub(super) fn post_treatment_components(
    catalog: &Catalog,
    process: &Process,
    chosen: &[PostTreatmentChoice],
    area_mm2: f64,
) -> Result<Vec<PriceComponent>, QuoteError> {
    let mut out: Vec<PriceComponent> = Vec::with_capacity(chosen.len().min(8));
    for choice in chosen {
        let t = catalog
            .post_treatment(choice.index)
            .ok_or_else(|| invalid(format!("post-traitement n° {} inconnu.", choice.index)))?;
        let code = format!("post_treatment_{}", t.index);
        if out.iter().any(|c| c.code == code) {
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
        let raw = match t.pricing {
            PostTreatmentPricing::Area => t.fee_cents + t.rate_cents * area_mm2 / 100.0,
            PostTreatmentPricing::PerHole => {
                if choice.holes == 0 || choice.holes > 1000 {
                    return Err(invalid(format!(
                        "«\u{a0}{}\u{a0}»\u{a0}: indiquez un nombre de trous entre 1 et 1000 (lu\u{a0}: {}).",
                        t.name, choice.holes
                    )));
                }
                t.fee_cents + t.rate_cents * f64::from(choice.holes)
            }
        };
        out.push(PriceComponent {
            code,
            label: t.name.clone(),
            cents: round_cents(raw)?,
        });
    }
    Ok(out)
}

pub(super) fn component(code: &str, label: &str, raw: f64) -> Result<PriceComponent, QuoteError> {
    Ok(PriceComponent {
        code: code.into(),
        label: label.into(),
        cents: round_cents(raw)?,
    })
}
