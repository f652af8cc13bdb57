//! The companies a customer buys for: removing one detaches it from the account's addresses
//! first, in one transaction.

use super::error::CommerceError;
use crate::db::{companies, Db};

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
