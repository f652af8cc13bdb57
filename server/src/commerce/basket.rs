//! The quote's parts going to the signed-in account's basket: all the lines or none, in one
//! transaction (a part that still has no owner becomes the account's).

use super::error::CommerceError;
use crate::db::pieces::{self, BasketLine};
use crate::db::Db;

/// Puts `lines` in the basket of `account_id`; `false` (nothing written) when one of the parts
/// belongs to another account.
pub async fn add(
    db: &Db,
    account_id: i64,
    lines: &[BasketLine],
    now: i64,
) -> Result<bool, CommerceError> {
    let mut tx = db.begin().await?;
    if !pieces::add_to_basket(&mut tx, account_id, lines, now).await? {
        return Ok(false);
    }
    tx.commit().await?;
    tracing::info!(
        account = account_id,
        parts = lines.len(),
        "quote added to the basket"
    );
    Ok(true)
}
