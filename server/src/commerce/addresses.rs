//! The customer's own addresses: a new one (at most [`MAX_PER_ACCOUNT`] an account), and as an
//! order uses them: an id names one of the caller's addresses, or it is "introuvable" (the same
//! answer for an address of someone else, so that ids cannot be probed).

use sqlx::AnyConnection;

use super::error::CommerceError;
use crate::db::address_changes::{self, AddressFields, NewCompany};
use crate::db::addresses::{self, AddressView};
use crate::db::Db;

/// Addresses one account may keep.
pub const MAX_PER_ACCOUNT: usize = 50;

/// Answer for an address that is not the caller's.
pub const ADDRESS_NOT_FOUND: &str = "Cette adresse est introuvable dans votre compte.";

/// The account's address with this id, or "introuvable".
pub async fn owned(
    conn: &mut AnyConnection,
    raw_id: Option<i64>,
    account_id: i64,
) -> Result<AddressView, CommerceError> {
    let not_found = || CommerceError::NotFound(ADDRESS_NOT_FOUND.to_owned());
    let id = raw_id.filter(|id| *id > 0).ok_or_else(not_found)?;
    addresses::find_owned(conn, id, account_id)
        .await?
        .ok_or_else(not_found)
}

/// Creates the address `fields` of `account_id`, and its `company` when given, in one
/// transaction that counts the account's addresses first (refused past [`MAX_PER_ACCOUNT`]);
/// returns its id.
pub async fn create(
    db: &Db,
    account_id: i64,
    fields: &AddressFields<'_>,
    company: Option<NewCompany<'_>>,
    now: i64,
) -> Result<i64, CommerceError> {
    let max = i64::try_from(MAX_PER_ACCOUNT).unwrap_or(i64::MAX);
    let mut tx = db.begin().await?;
    let Some(id) = address_changes::insert_capped(
        &mut tx,
        db.for_update(),
        account_id,
        fields,
        company,
        max,
        now,
    )
    .await?
    else {
        return Err(CommerceError::refused(format!(
            "Vous ne pouvez pas enregistrer plus de {MAX_PER_ACCOUNT}\u{a0}adresses."
        )));
    };
    tx.commit().await?;
    Ok(id)
}
