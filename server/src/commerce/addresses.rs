//! The customer's own addresses as an order uses them: an id names one of the caller's addresses,
//! or it is "introuvable" (the same answer for an address of someone else, so that ids cannot be
//! probed).

use sqlx::AnyConnection;

use super::error::CommerceError;
use crate::db::addresses::{self, AddressView};

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
