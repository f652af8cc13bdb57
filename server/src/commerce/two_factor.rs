//! Turning an account's two-factor authentication on (ten new backup codes, stored hashed and
//! shown once) or off (the secret and the codes go), each in one transaction. Proving the code or
//! the password that allows it is the route's.

use super::error::CommerceError;
use crate::db::{two_factor, Db};
use crate::twofa::{backup, TotpSecret};

/// Turns two-factor on for `account_id` (its secret is confirmed, its backup codes replaced);
/// returns the new backup codes in clear, to be shown once.
pub async fn enable(db: &Db, account_id: i64, now: i64) -> Result<Vec<String>, CommerceError> {
    let codes = backup::generate();
    let hashes: Vec<String> = codes.iter().map(|c| backup::hash(c)).collect();
    let mut tx = db.begin().await?;
    two_factor::enable(&mut tx, account_id, &hashes, now).await?;
    tx.commit().await?;
    tracing::info!(account = account_id, "two-factor enabled");
    Ok(codes)
}

/// Enrols `account_id` at once with a new secret, already confirmed (the operator's
/// `server create-admin`: there is no app to prove a first code yet; the operator scans the
/// returned secret's URI). Returns the secret and the backup codes in clear, shown once.
pub async fn enrol(
    db: &Db,
    account_id: i64,
    now: i64,
) -> Result<(TotpSecret, Vec<String>), CommerceError> {
    let secret = TotpSecret::generate();
    let codes = backup::generate();
    let hashes: Vec<String> = codes.iter().map(|c| backup::hash(c)).collect();
    let mut tx = db.begin().await?;
    two_factor::set_unconfirmed(&mut tx, account_id, &secret.to_base32(), now).await?;
    two_factor::enable(&mut tx, account_id, &hashes, now).await?;
    tx.commit().await?;
    tracing::info!(account = account_id, "two-factor enrolled by the operator");
    Ok((secret, codes))
}

/// Turns two-factor off for `account_id`: its secret and backup codes are deleted.
pub async fn disable(db: &Db, account_id: i64, now: i64) -> Result<(), CommerceError> {
    let mut tx = db.begin().await?;
    two_factor::disable(&mut tx, account_id, now).await?;
    tx.commit().await?;
    tracing::info!(account = account_id, "two-factor disabled");
    Ok(())
}
