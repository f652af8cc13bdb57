//! The rules of discount codes (PRODUCT.md, "Commerce"): percent (basis points) or fixed (cents),
//! validity dates, minimum order, global and per-account use limits, a reserved account, an
//! active flag. [`evaluate`] decides from the stored code alone and returns the amount or the
//! French reason of a refusal; [`consume`] counts a use inside the order's transaction.

use sqlx::AnyConnection;

use super::error::CommerceError;
use super::totals;
use crate::db::discounts::{self, Discount, DiscountKind};
use crate::domain::paris_time::fr_date;
use crate::domain::Cents;

/// Reason given for a code whose global limit is reached.
pub const EXHAUSTED: &str = "Ce code a atteint son nombre maximal d'utilisations.";
/// Reason given for a code disabled by an admin.
pub const INACTIVE: &str = "Ce code n'est plus actif.";
/// Answer for a code that does not exist, and for a code reserved to another account (told
/// apart, they would let a stranger find the codes that exist).
pub const UNKNOWN: &str = "Code de réduction inconnu.";

/// What a code is checked against.
#[derive(Debug, Clone, Copy)]
pub struct Usage {
    /// The account that wants to use it.
    pub account_id: i64,
    /// Orders of that account that already used it.
    pub account_uses: i64,
    /// Now, Unix seconds.
    pub now: i64,
}

/// The code as typed by a customer or an admin: trimmed and upper-cased.
pub fn normalise_code(raw: &str) -> String {
    raw.trim().to_uppercase()
}

/// Whether `account_id` may know that `d` exists: a code for everyone, or one reserved to it.
pub fn visible_to(d: &Discount, account_id: i64) -> bool {
    d.account_id.is_none_or(|owner| owner == account_id)
}

/// Whether `usage` may use `d` at all (every rule but the minimum order), or the French reason.
pub fn availability(d: &Discount, usage: &Usage) -> Result<(), String> {
    if !d.active {
        return Err(INACTIVE.to_owned());
    }
    if !visible_to(d, usage.account_id) {
        return Err(UNKNOWN.to_owned());
    }
    if let Some(from) = d.valid_from.filter(|from| usage.now < *from) {
        return Err(format!(
            "Ce code n'est valable qu'à partir du {}.",
            fr_date(from)
        ));
    }
    if let Some(until) = d.valid_until.filter(|until| usage.now > *until) {
        return Err(format!("Ce code a expiré le {}.", fr_date(until)));
    }
    if d.max_uses.is_some_and(|max| d.uses >= max) {
        return Err(EXHAUSTED.to_owned());
    }
    if let Some(max) = d
        .max_uses_per_account
        .filter(|max| usage.account_uses >= *max)
    {
        return Err(if max == 1 {
            "Vous avez déjà utilisé ce code.".to_owned()
        } else {
            format!("Vous avez déjà utilisé ce code {max}\u{a0}fois, le maximum autorisé.")
        });
    }
    Ok(())
}

/// The discount `d` gives on `subtotal` (excl. VAT): a percent rounded once, never more than
/// the subtotal, never negative.
pub fn amount(d: &Discount, subtotal: Cents) -> Cents {
    let raw = match d.kind {
        DiscountKind::Percent => subtotal.times_bp(d.value),
        DiscountKind::Fixed => Cents(d.value),
    };
    raw.min(subtotal).at_least_zero()
}

/// Every rule of `d` for `usage` on a basket of `subtotal` (excl. VAT): the discount, or the
/// French reason of the refusal.
pub fn evaluate(d: &Discount, usage: &Usage, subtotal: Cents) -> Result<Cents, String> {
    availability(d, usage)?;
    if subtotal < Cents(d.min_order_cents) {
        return Err(format!(
            "Ce code demande une commande d'au moins {} HT (votre panier\u{a0}: {} HT).",
            Cents(d.min_order_cents).fr(),
            subtotal.fr()
        ));
    }
    Ok(amount(d, subtotal))
}

/// Looks the code typed by a customer up and checks every rule for `account_id` on a basket of
/// `subtotal` (excl. VAT): the code's id and what the totals apply, or the French reason of the
/// refusal (an unknown code included). Inside an order's transaction, [`consume`] counts the use.
pub async fn check_code(
    conn: &mut AnyConnection,
    raw: &str,
    account_id: i64,
    subtotal: Cents,
    now: i64,
) -> Result<Result<(i64, totals::Discount), String>, sqlx::Error> {
    let Some(d) = discounts::find_by_code(conn, &normalise_code(raw)).await? else {
        return Ok(Err(UNKNOWN.to_owned()));
    };
    let account_uses = discounts::uses_by_account(conn, d.id, account_id).await?;
    let usage = Usage {
        account_id,
        account_uses,
        now,
    };
    Ok(evaluate(&d, &usage, subtotal).map(|_| {
        let kind = match d.kind {
            DiscountKind::Percent => totals::DiscountKind::Percent,
            DiscountKind::Fixed => totals::DiscountKind::Fixed,
        };
        (
            d.id,
            totals::Discount {
                code: d.code.clone(),
                kind,
                value: d.value,
            },
        )
    }))
}

/// Why [`consume`] did not count a use.
#[derive(Debug, thiserror::Error)]
pub enum ConsumeError {
    /// A rule refuses the use (French reason); the caller rolls its transaction back.
    #[error("discount refused: {0}")]
    Refused(String),
    /// The database failed.
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl From<ConsumeError> for CommerceError {
    fn from(e: ConsumeError) -> Self {
        match e {
            ConsumeError::Refused(reason) => CommerceError::Refused(reason),
            ConsumeError::Db(e) => CommerceError::from(e),
        }
    }
}

/// Counts one use of code `discount_id` by `account_id` for order `order_id` (`amount` off),
/// inside the order's transaction `conn`. The conditional UPDATE takes the code's row lock
/// first, so that concurrent orders count one after the other: a code limited to one use is
/// used once by twenty simultaneous orders. Then every rule but the minimum order (checked by
/// the caller with its subtotal) is checked again on the locked row. On `Err` the caller must
/// roll the transaction back (the counter may have been incremented).
pub async fn consume(
    conn: &mut AnyConnection,
    discount_id: i64,
    account_id: i64,
    order_id: i64,
    amount: Cents,
    now: i64,
) -> Result<(), ConsumeError> {
    let counted = discounts::increment_uses(conn, discount_id).await?;
    let Some(mut d) = discounts::find(conn, discount_id).await? else {
        return Err(ConsumeError::Refused(UNKNOWN.to_owned()));
    };
    if !counted {
        return Err(ConsumeError::Refused(EXHAUSTED.to_owned()));
    }
    // The rules see the code as it was before this use.
    d.uses -= 1;
    let account_uses = discounts::uses_by_account(conn, discount_id, account_id).await?;
    let usage = Usage {
        account_id,
        account_uses,
        now,
    };
    availability(&d, &usage).map_err(ConsumeError::Refused)?;
    discounts::insert_use(conn, discount_id, account_id, order_id, amount.get(), now).await?;
    Ok(())
}

#[cfg(test)]
#[path = "discounts_tests.rs"]
mod tests;
