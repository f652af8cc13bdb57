//! The companies a customer buys for: a new one (at most [`MAX_PER_ACCOUNT`] an account,
//! attached to one of the account's addresses when asked, in one transaction), and removing one
//! (detached from the account's addresses first, in one transaction).

use super::error::CommerceError;
use crate::db::companies::{Company, NewCompany};
use crate::db::{address_changes, companies, Db};

/// The most companies one account may keep (issue 22, finding 6: rows a caller can add are
/// bounded, like addresses).
pub const MAX_PER_ACCOUNT: i64 = 50;

/// Creates the company `fields` (name, VAT number, SIREN) of `account_id`, attached to its
/// address `attach_to` when given, in one transaction under the account's lock; refused past
/// [`MAX_PER_ACCOUNT`].
pub async fn create(
    db: &Db,
    account_id: i64,
    fields: NewCompany<'_>,
    attach_to: Option<i64>,
    now: i64,
) -> Result<Company, CommerceError> {
    let mut tx = db.begin().await?;
    if companies::count_locked(&mut tx, db.for_update(), account_id).await? >= MAX_PER_ACCOUNT {
        return Err(CommerceError::refused(format!(
            "Vous ne pouvez pas enregistrer plus de {MAX_PER_ACCOUNT}\u{a0}entreprises."
        )));
    }
    let company = companies::insert(&mut tx, account_id, fields, now).await?;
    if let Some(address_id) = attach_to {
        address_changes::set_company(&mut tx, address_id, account_id, Some(company.id), now)
            .await?;
    }
    tx.commit().await?;
    Ok(company)
}

/// Removes the company `id` of `account_id` (its addresses keep no company); `false` when the
/// account has no such company.
pub async fn remove(db: &Db, account_id: i64, id: i64) -> Result<bool, CommerceError> {
    let mut tx = db.begin().await?;
    if !companies::delete(&mut tx, id, account_id).await? {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}
