//! What an admin does to a discount code: create it, change its fields, disable it (the orders
//! that used it keep pointing at it). Each change is one transaction with its audit line, whose
//! states are the code as [`DiscountState`] serializes it. The rules of using a code are in
//! `commerce::discounts`.

use serde::Serialize;
use sqlx::AnyConnection;

use crate::audit;
use crate::auth::session::Session;
use crate::clock::iso8601;
use crate::commerce::error::{conflict_on_unique, CommerceError};
use crate::db::discounts::{self, Discount, DiscountFields};
use crate::db::{accounts, Db};

/// Answer for an id that is no code.
pub const NOT_FOUND: &str = "Code de réduction introuvable.";
/// Answer for a code already taken.
pub const TAKEN: &str = "Ce code existe déjà.";

/// A code as the audit log keeps it, before and after a change (the fields and names of the
/// admin's `Reduction` view, without the reserved account's e-mail).
#[derive(Debug, Clone, Serialize)]
pub struct DiscountState {
    /// Id.
    pub id: i64,
    /// Upper-cased code.
    pub code: String,
    /// Description.
    pub description: String,
    /// `percent` or `fixed`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Basis points or cents.
    pub valeur: i64,
    /// Minimum subtotal excl. VAT, cents.
    pub minimum_commande_cents: i64,
    /// Start of validity (ISO 8601 UTC), if any.
    pub valide_du: Option<String>,
    /// End of validity (ISO 8601 UTC), if any.
    pub valide_au: Option<String>,
    /// Global limit.
    pub utilisations_max: Option<i64>,
    /// Per-account limit.
    pub utilisations_max_par_compte: Option<i64>,
    /// Uses so far.
    pub utilisations: i64,
    /// Reserved account.
    pub id_compte: Option<i64>,
    /// Active flag.
    pub actif: bool,
}

impl From<&Discount> for DiscountState {
    fn from(d: &Discount) -> Self {
        DiscountState {
            id: d.id,
            code: d.code.clone(),
            description: d.description.clone(),
            kind: d.kind.as_str(),
            valeur: d.value,
            minimum_commande_cents: d.min_order_cents,
            valide_du: d.valid_from.map(iso8601),
            valide_au: d.valid_until.map(iso8601),
            utilisations_max: d.max_uses,
            utilisations_max_par_compte: d.max_uses_per_account,
            utilisations: d.uses,
            id_compte: d.account_id,
            actif: d.active,
        }
    }
}

fn not_found() -> CommerceError {
    CommerceError::NotFound(NOT_FOUND.to_owned())
}

/// The reserved account must exist.
async fn check_account(conn: &mut AnyConnection, f: &DiscountFields) -> Result<(), CommerceError> {
    if let Some(id) = f.account_id {
        if accounts::find(conn, id).await?.is_none() {
            return Err(CommerceError::Invalid(vec![format!(
                "Le compte réservataire n°\u{a0}{id} n'existe pas."
            )]));
        }
    }
    Ok(())
}

/// Writes the audit line of `action` on the code `after`, which was `before` (`null` for a new
/// code).
async fn audit_line(
    conn: &mut AnyConnection,
    admin: &Session,
    action: &str,
    before: Option<&DiscountState>,
    after: &Discount,
) -> Result<(), CommerceError> {
    let after = DiscountState::from(after);
    audit::record(conn, admin, action, &after.code, &before, &after).await?;
    Ok(())
}

/// Creates the code `fields` for `admin` (its reserved account must exist; a code already taken
/// is a 409) with its audit line; returns the stored code.
pub async fn create(
    db: &Db,
    admin: &Session,
    fields: &DiscountFields,
    now: i64,
) -> Result<Discount, CommerceError> {
    let mut tx = db.begin().await?;
    check_account(&mut tx, fields).await?;
    let id = discounts::insert(&mut tx, fields, now)
        .await
        .map_err(conflict_on_unique(TAKEN))?;
    let d = discounts::find(&mut tx, id)
        .await?
        .ok_or_else(|| CommerceError::internal(format!("discount {id} vanished")))?;
    audit_line(&mut tx, admin, audit::DISCOUNT_CREATE, None, &d).await?;
    tx.commit().await?;
    Ok(d)
}

/// Changes the code `id` for `admin`: `change` turns its current fields into the new ones (or
/// the French reasons they are refused); the reserved account must exist and the code stay
/// unique (409). Written with its audit line; returns the stored code.
pub async fn update(
    db: &Db,
    admin: &Session,
    id: i64,
    change: impl FnOnce(DiscountFields) -> Result<DiscountFields, Vec<String>>,
    now: i64,
) -> Result<Discount, CommerceError> {
    let mut tx = db.begin().await?;
    let current = discounts::find(&mut tx, id).await?.ok_or_else(not_found)?;
    let before = DiscountState::from(&current);
    let fields = DiscountFields {
        code: current.code,
        description: current.description,
        kind: current.kind,
        value: current.value,
        min_order_cents: current.min_order_cents,
        valid_from: current.valid_from,
        valid_until: current.valid_until,
        max_uses: current.max_uses,
        max_uses_per_account: current.max_uses_per_account,
        account_id: current.account_id,
        active: current.active,
    };
    let fields = change(fields).map_err(CommerceError::Invalid)?;
    check_account(&mut tx, &fields).await?;
    if !discounts::update(&mut tx, id, &fields, now)
        .await
        .map_err(conflict_on_unique(TAKEN))?
    {
        return Err(not_found());
    }
    let d = discounts::find(&mut tx, id).await?.ok_or_else(not_found)?;
    audit_line(&mut tx, admin, audit::DISCOUNT_UPDATE, Some(&before), &d).await?;
    tx.commit().await?;
    Ok(d)
}

/// Disables the code `id` for `admin`, with its audit line; returns the stored code.
pub async fn disable(
    db: &Db,
    admin: &Session,
    id: i64,
    now: i64,
) -> Result<Discount, CommerceError> {
    let mut tx = db.begin().await?;
    let before = discounts::find(&mut tx, id)
        .await?
        .map(|d| DiscountState::from(&d))
        .ok_or_else(not_found)?;
    if !discounts::deactivate(&mut tx, id, now).await? {
        return Err(not_found());
    }
    let d = discounts::find(&mut tx, id).await?.ok_or_else(not_found)?;
    audit_line(&mut tx, admin, audit::DISCOUNT_DISABLE, Some(&before), &d).await?;
    tx.commit().await?;
    Ok(d)
}
