//! Catalog validation: every reference resolves, every rate is finite and non-negative,
//! identifiers are well formed and unique, names are given and unique, every process offers a
//! material and every material a colour and a finish, and quantity breaks increase. Messages are
//! French and name the field (shown in the admin's catalog editor).

use std::collections::HashSet;

use super::catalog::{Catalog, Choice, Material, PostTreatment, Process};
use crate::QuoteError;

/// Longest identifier (`code`) of an item: it is stored in baskets and quote entries.
pub const MAX_CODE_CHARS: usize = 40;
/// Longest name of an item, as shown to customers.
pub const MAX_NAME_CHARS: usize = 80;

fn invalid(detail: String) -> QuoteError {
    QuoteError::InvalidCatalog { detail }
}

/// Refuses NaN, infinite and negative amounts.
fn check_amount(value: f64, what: &str) -> Result<(), QuoteError> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(invalid(format!(
            "{what} doit être un nombre positif ou nul (lu\u{a0}: {value})."
        )))
    }
}

/// An identifier is kept by baskets, quote entries and URLs: ASCII letters, digits, `_` and `-`.
fn well_formed_code(code: &str) -> bool {
    code.chars().count() <= MAX_CODE_CHARS
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Identifiers of one list: given, well formed, unique. `what` names the list
/// (`SLS, matériaux`); an empty one is named by its position (1-based).
fn check_codes<'a>(codes: impl Iterator<Item = &'a str>, what: &str) -> Result<(), QuoteError> {
    let mut seen = HashSet::new();
    for (i, code) in codes.enumerate() {
        if code.trim().is_empty() {
            return Err(invalid(format!(
                "{what}\u{a0}: l'identifiant de l'élément n°\u{a0}{} est vide.",
                i + 1
            )));
        }
        if !well_formed_code(code) {
            return Err(invalid(format!(
                "{what}\u{a0}: l'identifiant «\u{a0}{code}\u{a0}» ne peut contenir que des lettres sans accent, des chiffres, «\u{a0}_\u{a0}» et «\u{a0}-\u{a0}» ({MAX_CODE_CHARS} caractères au plus)."
            )));
        }
        if !seen.insert(code) {
            return Err(invalid(format!(
                "{what}\u{a0}: l'identifiant «\u{a0}{code}\u{a0}» est en double."
            )));
        }
    }
    Ok(())
}

/// Names of one list, as `(code, name)`: given, not too long, and unique (ignoring case and
/// surrounding spaces), so that a customer can tell the choices apart.
fn check_names<'a>(
    items: impl Iterator<Item = (&'a str, &'a str)>,
    what: &str,
) -> Result<(), QuoteError> {
    let mut seen = HashSet::new();
    for (code, name) in items {
        let name = name.trim();
        if name.is_empty() {
            return Err(invalid(format!(
                "{what}\u{a0}: le nom de «\u{a0}{code}\u{a0}» est vide."
            )));
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(invalid(format!(
                "{what}\u{a0}: le nom de «\u{a0}{code}\u{a0}» dépasse {MAX_NAME_CHARS} caractères."
            )));
        }
        if !seen.insert(name.to_lowercase()) {
            return Err(invalid(format!(
                "{what}\u{a0}: le nom «\u{a0}{name}\u{a0}» est en double."
            )));
        }
    }
    Ok(())
}

/// Colours or finishes of a material. `what` is `SLS / PA12, couleurs`; `none` the sentence for
/// an empty list.
fn check_choices(list: &[Choice], default: &str, what: &str, none: &str) -> Result<(), QuoteError> {
    if list.is_empty() {
        return Err(invalid(format!("{what}\u{a0}: {none}")));
    }
    check_codes(list.iter().map(|c| c.code.as_str()), what)?;
    check_names(
        list.iter().map(|c| (c.code.as_str(), c.name.as_str())),
        what,
    )?;
    for c in list {
        check_amount(
            c.fee_cents,
            &format!("{what} «\u{a0}{}\u{a0}»\u{a0}: les frais fixes", c.code),
        )?;
        check_amount(
            c.rate_cents_per_cm2,
            &format!("{what} «\u{a0}{}\u{a0}»\u{a0}: le tarif par cm²", c.code),
        )?;
    }
    if !list.iter().any(|c| c.code == default) {
        return Err(invalid(format!(
            "{what}\u{a0}: la valeur par défaut «\u{a0}{default}\u{a0}» n'existe pas."
        )));
    }
    Ok(())
}

fn check_material(p: &Process, m: &Material) -> Result<(), QuoteError> {
    let at = format!("{} / {}", p.code, m.code);
    if !(m.density_g_cm3.is_finite() && m.density_g_cm3 > 0.0) {
        return Err(invalid(format!(
            "{at}\u{a0}: la densité doit être strictement positive."
        )));
    }
    for (value, name) in [
        (m.material_rate_cents_per_cm3, "le tarif matière"),
        (m.space_rate_cents_per_cm3, "le tarif d'encombrement"),
        (m.height_rate_cents_per_mm, "le tarif de hauteur"),
        (m.handling_fee_cents, "les frais de manutention"),
        (m.minimum_part_price_cents, "le prix minimum par pièce"),
    ] {
        check_amount(value, &format!("{at}\u{a0}: {name}"))?;
    }
    check_choices(
        &m.colours,
        &m.default_colour,
        &format!("{at}, couleurs"),
        "aucune couleur proposée, ajoutez-en au moins une.",
    )?;
    check_choices(
        &m.finishes,
        &m.default_finish,
        &format!("{at}, finitions"),
        "aucune finition proposée, ajoutez-en au moins une.",
    )
}

fn check_process(p: &Process) -> Result<(), QuoteError> {
    if p.name.trim().is_empty() {
        return Err(invalid(format!(
            "{}\u{a0}: le nom du procédé est vide.",
            p.code
        )));
    }
    if p.build_volume_mm
        .iter()
        .any(|d| !(d.is_finite() && *d > 0.0))
    {
        return Err(invalid(format!(
            "{}\u{a0}: le volume d'impression doit être strictement positif.",
            p.code
        )));
    }
    for (value, name) in [
        (p.min_wall_mm, "l'épaisseur de paroi minimale"),
        (p.layer_thickness_mm, "l'épaisseur de couche"),
    ] {
        check_amount(value, &format!("{}\u{a0}: {name}", p.code))?;
    }
    if !(0.0..90.0).contains(&p.overhang_angle_deg) {
        return Err(invalid(format!(
            "{}\u{a0}: l'angle de surplomb doit être compris entre 0 et 90°.",
            p.code
        )));
    }
    if p.materials.is_empty() {
        return Err(invalid(format!(
            "{}\u{a0}: aucun matériau proposé, un procédé doit en garder au moins un.",
            p.code
        )));
    }
    let what = format!("{}, matériaux", p.code);
    check_codes(p.materials.iter().map(|m| m.code.as_str()), &what)?;
    check_names(
        p.materials
            .iter()
            .map(|m| (m.code.as_str(), m.name.as_str())),
        &what,
    )?;
    for m in &p.materials {
        check_material(p, m)?;
    }
    if p.material(&p.default_material).is_none() {
        return Err(invalid(format!(
            "{}\u{a0}: le matériau par défaut «\u{a0}{}\u{a0}» n'existe pas.",
            p.code, p.default_material
        )));
    }
    Ok(())
}

fn check_post_treatments(catalog: &Catalog) -> Result<(), QuoteError> {
    let list = &catalog.post_treatments;
    check_codes(list.iter().map(|t| t.code.as_str()), "post-traitements")?;
    check_names(
        list.iter().map(|t| (t.code.as_str(), t.name.as_str())),
        "post-traitements",
    )?;
    let mut indices = HashSet::new();
    for t in list {
        if !indices.insert(t.index) {
            return Err(invalid(format!(
                "post-traitements\u{a0}: l'index {} est en double.",
                t.index
            )));
        }
        check_post_treatment(catalog, t)?;
    }
    Ok(())
}

fn check_post_treatment(catalog: &Catalog, t: &PostTreatment) -> Result<(), QuoteError> {
    check_amount(t.fee_cents, &format!("{}\u{a0}: les frais fixes", t.code))?;
    check_amount(t.rate_cents, &format!("{}\u{a0}: le tarif", t.code))?;
    if let Some(unknown) = t.processes.iter().find(|c| catalog.process(c).is_none()) {
        return Err(invalid(format!(
            "{}\u{a0}: le procédé «\u{a0}{unknown}\u{a0}» n'existe pas.",
            t.code
        )));
    }
    let mut seen = HashSet::new();
    if let Some(twice) = t.processes.iter().find(|c| !seen.insert(c.as_str())) {
        return Err(invalid(format!(
            "{}\u{a0}: le procédé «\u{a0}{twice}\u{a0}» est coché deux fois.",
            t.code
        )));
    }
    Ok(())
}

fn check_quantities(catalog: &Catalog) -> Result<(), QuoteError> {
    if catalog.max_quantity == 0 {
        return Err(invalid(
            "la quantité maximale par ligne doit être au moins 1.".into(),
        ));
    }
    let mut previous: Option<(u32, u32)> = None;
    for b in &catalog.quantity_breaks {
        if b.min_quantity < 2 || b.discount_percent >= 100 {
            return Err(invalid(format!(
                "palier de quantité {}\u{a0}: quantité minimale ≥ 2 et remise < 100\u{a0}% attendues.",
                b.min_quantity
            )));
        }
        if let Some((q, d)) = previous {
            if b.min_quantity <= q || b.discount_percent < d {
                return Err(invalid(
                    "les paliers de quantité doivent être croissants (quantité et remise).".into(),
                ));
            }
        }
        previous = Some((b.min_quantity, b.discount_percent));
    }
    Ok(())
}

impl Catalog {
    /// Checks references, amounts, identifiers, names and orderings; the error says what is
    /// wrong and where, in French.
    pub fn validate(&self) -> Result<(), QuoteError> {
        if self.currency != "EUR" {
            return Err(invalid(format!(
                "seule la devise EUR est gérée (lu\u{a0}: {}).",
                self.currency
            )));
        }
        if self.processes.is_empty() {
            return Err(invalid(
                "le catalogue doit proposer au moins un procédé.".into(),
            ));
        }
        check_codes(self.processes.iter().map(|p| p.code.as_str()), "procédés")?;
        let mut indices = HashSet::new();
        for p in &self.processes {
            if !indices.insert(p.index) {
                return Err(invalid(format!(
                    "procédés\u{a0}: l'index {} est en double.",
                    p.index
                )));
            }
            check_process(p)?;
        }
        check_post_treatments(self)?;
        check_quantities(self)?;
        if let Some(e) = self.express {
            if e.factor_percent < 100 {
                return Err(invalid(
                    "le facteur express doit être au moins 100\u{a0}%.".into(),
                ));
            }
        }
        super::lead_time::check_lead_times(self)?;
        self.shipping.validate()
    }
}

#[cfg(test)]
#[path = "validate_tests.rs"]
mod tests;
