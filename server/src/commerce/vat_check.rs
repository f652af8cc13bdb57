//! The VIES check behind the VAT decision: a company's number is checked when it is saved (its
//! status shown in the settings) and again when an order depends on it, where a valid answer
//! less than 24 hours old counts. Every answer is a row of `vies_checks`, shared by every
//! instance. No database connection is held while VIES is asked; VIES silent or slow (its own
//! short timeout) is an answer too: French VAT, said to the customer, never a refused checkout.

use super::error::CommerceError;
use super::vat::{self, VatDecision, VatInput, ViesProof, ViesStatus};
use crate::db::addresses::AddressView;
use crate::db::vies_checks::{self, CheckRow};
use crate::db::Db;
use crate::domain::VatNumber;
use crate::vies::{Vies, ViesAnswer};

/// How long a valid answer counts for an order, seconds.
pub const VALID_FOR_SECS: i64 = 24 * 3600;

/// What VIES answered about one number, as the checkout carries it from before its transaction
/// into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The normalised number asked about.
    pub number: String,
    /// The answer.
    pub status: ViesStatus,
}

/// The decision's view of a stored check.
fn status_of(row: &CheckRow) -> ViesStatus {
    match row.outcome.as_str() {
        "valide" => ViesStatus::Valid(ViesProof {
            request_identifier: row.request_identifier.clone(),
            checked_at: row.checked_at,
        }),
        "invalide" => ViesStatus::Invalid,
        _ => ViesStatus::Unavailable,
    }
}

/// Asks VIES about `number` now and records the answer.
pub async fn check_now(
    db: &Db,
    vies: &Vies,
    number: &VatNumber,
    now: i64,
) -> Result<CheckRow, CommerceError> {
    let answer = vies.check(number).await;
    let mut row = CheckRow {
        vat_number: number.as_str().to_owned(),
        outcome: String::new(),
        request_identifier: String::new(),
        trader_name: String::new(),
        trader_address: String::new(),
        checked_at: now,
    };
    let mut detail = String::new();
    match answer {
        ViesAnswer::Valid(c) => {
            row.outcome = "valide".into();
            row.request_identifier = c.request_identifier;
            row.trader_name = c.name;
            row.trader_address = c.address;
        }
        ViesAnswer::Invalid => row.outcome = "invalide".into(),
        ViesAnswer::Unavailable(why) => {
            tracing::warn!(vat_number = %number.as_str(), why = %why, "VIES gave no answer");
            row.outcome = "indisponible".into();
            detail = why;
        }
    }
    vies_checks::insert(&mut *db.acquire().await?, &row, &detail).await?;
    Ok(row)
}

/// What VIES says about `number` for an order placed at `now`: a valid check of the last 24
/// hours, else a fresh one.
pub async fn status_for_order(
    db: &Db,
    vies: &Vies,
    number: &VatNumber,
    now: i64,
) -> Result<ViesStatus, CommerceError> {
    let cached = vies_checks::latest_valid_since(
        &mut *db.acquire().await?,
        number.as_str(),
        now - VALID_FOR_SECS,
    )
    .await?;
    let row = match cached {
        Some(row) => row,
        None => check_now(db, vies, number, now).await?,
    };
    Ok(status_of(&row))
}

/// What VIES says about the number the VAT of an order delivered to `delivery` and billed to
/// `billing` depends on (`None` when it depends on none).
pub async fn check_for_order(
    db: &Db,
    vies: &Vies,
    delivery: &AddressView,
    billing: &AddressView,
    now: i64,
) -> Result<Option<Checked>, CommerceError> {
    let Some(number) = vat::vies_candidate(&VatInput::of(delivery, billing)) else {
        return Ok(None);
    };
    let status = status_for_order(db, vies, &number, now).await?;
    Ok(Some(Checked {
        number: number.as_str().to_owned(),
        status,
    }))
}

/// The decision for `delivery` and `billing` given `checked` (an answer about another number
/// than the one the addresses now name counts as no answer).
pub fn decide_with(
    delivery: &AddressView,
    billing: &AddressView,
    checked: Option<&Checked>,
) -> VatDecision {
    let input = VatInput::of(delivery, billing);
    let number = vat::vies_candidate(&input);
    let status = checked
        .filter(|c| number.as_ref().is_some_and(|n| n.as_str() == c.number))
        .map(|c| &c.status);
    vat::decide(input, status)
}

/// The VAT decision of an order delivered to `delivery` and billed to `billing` at `now`, VIES
/// asked when it matters (the summary, the quote).
pub async fn decide(
    db: &Db,
    vies: &Vies,
    delivery: &AddressView,
    billing: &AddressView,
    now: i64,
) -> Result<VatDecision, CommerceError> {
    let checked = check_for_order(db, vies, delivery, billing, now).await?;
    Ok(decide_with(delivery, billing, checked.as_ref()))
}

/// Checks a company's VAT number when it is saved, so that the settings show its VIES status
/// (a number that is not well formed, or none, is not asked about).
pub async fn check_company_number(
    db: &Db,
    vies: &Vies,
    numero_tva: Option<&str>,
    now: i64,
) -> Result<(), CommerceError> {
    if let Some(number) = numero_tva.and_then(|n| VatNumber::parse(n).ok()) {
        check_now(db, vies, &number, now).await?;
    }
    Ok(())
}
