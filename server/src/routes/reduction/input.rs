//! The admin's body of `POST Reduction` and `PUT Reduction/{id}`, checked field by field with
//! French messages. `PUT` changes only the fields it carries (an explicit `null` clears an
//! optional one).

use jiff::civil::Date;
use jiff::Timestamp;
use serde_json::{Map, Value};

use crate::commerce::discounts::normalise_code;
use crate::db::discounts::{DiscountFields, DiscountKind};
use crate::domain::paris_time::{paris_day_end, paris_day_start};

/// Longest code.
pub const CODE_MAX: usize = 40;
/// Longest description.
pub const DESCRIPTION_MAX: usize = 500;
/// Largest fixed discount or minimum order: 1 000 000,00 €.
pub const AMOUNT_MAX: i64 = 100_000_000;

/// The fields of a new code (`POST`): `code`, `type` and `valeur` are required.
pub fn new_fields(body: &Map<String, Value>) -> Result<DiscountFields, Vec<String>> {
    let mut errors = Vec::new();
    for (key, message) in [
        ("code", "Indiquez le code."),
        ("type", "Indiquez le type de réduction (percent ou fixed)."),
        ("valeur", "Indiquez la valeur de la réduction."),
    ] {
        if body.get(key).is_none_or(Value::is_null) {
            errors.push(message.to_owned());
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let blank = DiscountFields {
        code: String::new(),
        description: String::new(),
        kind: DiscountKind::Percent,
        value: 1,
        min_order_cents: 0,
        valid_from: None,
        valid_until: None,
        max_uses: None,
        max_uses_per_account: None,
        account_id: None,
        active: true,
    };
    apply(blank, body)
}

/// `current` with the fields of `body` applied and every rule checked.
pub fn apply(
    mut f: DiscountFields,
    body: &Map<String, Value>,
) -> Result<DiscountFields, Vec<String>> {
    let mut errors = Vec::new();
    if let Some(v) = body.get("code") {
        match v.as_str().map(normalise_code) {
            Some(c)
                if (3..=CODE_MAX).contains(&c.chars().count())
                    && c.chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_') =>
            {
                f.code = c
            }
            _ => errors.push(format!(
                "Code invalide\u{a0}: de 3 à {CODE_MAX}\u{a0}caractères, lettres sans accent, \
                 chiffres, tirets ou soulignés."
            )),
        }
    }
    if let Some(v) = body.get("description") {
        match v {
            Value::Null => f.description.clear(),
            Value::String(s) if s.trim().chars().count() <= DESCRIPTION_MAX => {
                f.description = s.trim().to_owned()
            }
            _ => errors.push(format!(
                "Description invalide\u{a0}: {DESCRIPTION_MAX}\u{a0}caractères au plus."
            )),
        }
    }
    if let Some(v) = body.get("type") {
        match v.as_str().and_then(DiscountKind::parse) {
            Some(k) => f.kind = k,
            None => errors.push(
                "Type de réduction invalide\u{a0}: « percent » (pourcentage) ou « fixed » \
                 (montant)."
                    .to_owned(),
            ),
        }
    }
    if let Some(v) = body.get("valeur") {
        match v.as_i64().filter(|n| *n > 0) {
            Some(n) => f.value = n,
            None => errors.push(
                "Valeur invalide\u{a0}: un nombre entier positif (points de base pour un \
                 pourcentage, centimes pour un montant)."
                    .to_owned(),
            ),
        }
    }
    if f.kind == DiscountKind::Percent && f.value > 10_000 {
        errors.push("Un pourcentage de réduction ne peut pas dépasser 100\u{a0}%.".to_owned());
    }
    if f.kind == DiscountKind::Fixed && f.value > AMOUNT_MAX {
        errors.push("Montant de réduction trop élevé.".to_owned());
    }
    if let Some(v) = body.get("minimum_commande_cents") {
        match v {
            Value::Null => f.min_order_cents = 0,
            _ => match v.as_i64().filter(|n| (0..=AMOUNT_MAX).contains(n)) {
                Some(n) => f.min_order_cents = n,
                None => errors.push(
                    "Minimum de commande invalide\u{a0}: un montant en centimes, positif ou nul."
                        .to_owned(),
                ),
            },
        }
    }
    if let Some(v) = body.get("valide_du") {
        match date(v, paris_day_start) {
            Ok(t) => f.valid_from = t,
            Err(()) => errors.push(
                "Date de début invalide\u{a0}: une date (AAAA-MM-JJ) ou un horodatage ISO 8601."
                    .to_owned(),
            ),
        }
    }
    if let Some(v) = body.get("valide_au") {
        match date(v, paris_day_end) {
            Ok(t) => f.valid_until = t,
            Err(()) => errors.push(
                "Date de fin invalide\u{a0}: une date (AAAA-MM-JJ) ou un horodatage ISO 8601."
                    .to_owned(),
            ),
        }
    }
    if let (Some(from), Some(until)) = (f.valid_from, f.valid_until) {
        if until < from {
            errors.push("La date de fin doit suivre la date de début.".to_owned());
        }
    }
    for (key, slot, message) in [
        (
            "utilisations_max",
            &mut f.max_uses,
            "Nombre maximal d'utilisations invalide\u{a0}: un entier d'au moins 1, ou vide.",
        ),
        (
            "utilisations_max_par_compte",
            &mut f.max_uses_per_account,
            "Nombre maximal d'utilisations par compte invalide\u{a0}: un entier d'au moins 1, \
             ou vide.",
        ),
        (
            "id_compte",
            &mut f.account_id,
            "Compte réservataire invalide\u{a0}: l'identifiant d'un compte, ou vide.",
        ),
    ] {
        if let Some(v) = body.get(key) {
            match v {
                Value::Null => *slot = None,
                _ => match v.as_i64().filter(|n| *n >= 1) {
                    Some(n) => *slot = Some(n),
                    None => errors.push(message.to_owned()),
                },
            }
        }
    }
    if let Some(v) = body.get("actif") {
        match v.as_bool() {
            Some(b) => f.active = b,
            None => errors.push("Indiquez si le code est actif (true ou false).".to_owned()),
        }
    }
    if errors.is_empty() {
        Ok(f)
    } else {
        Err(errors)
    }
}

/// A nullable date: `null`, an ISO 8601 timestamp with its offset, or a Paris calendar date
/// (`day` gives its first or last second).
fn date(v: &Value, day: fn(Date) -> i64) -> Result<Option<i64>, ()> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => {
            let s = s.trim();
            if let Ok(ts) = s.parse::<Timestamp>() {
                Ok(Some(ts.as_second()))
            } else if let Ok(d) = s.parse::<Date>() {
                Ok(Some(day(d)))
            } else {
                Err(())
            }
        }
        _ => Err(()),
    }
}

#[cfg(test)]
#[path = "input_tests.rs"]
mod tests;
