//! The `reset_tokens` table: single-use tokens sent by e-mail (forgotten password), stored as
//! their sha256, with an expiry. Using a token is one UPDATE, so it can only succeed once.

use sqlx::{AnyConnection, Row};

/// Purpose of the forgotten-password links.
pub const FORGOT_PASSWORD: &str = "forgot_password";

/// Purpose of the links that unlock a sign-in locked after many wrong passwords.
pub const SIGN_IN_UNLOCK: &str = "sign_in_unlock";

/// The account of a live token of `purpose`, without using it.
pub async fn live_account(
    conn: &mut AnyConnection,
    purpose: &str,
    token_hash: &str,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT account_id FROM reset_tokens WHERE token_hash = $1 AND purpose = $2 \
         AND used_at IS NULL AND expires_at > $3",
    )
    .bind(token_hash)
    .bind(purpose)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await
}

/// Whether `account_id` has any live token of `purpose` (one was sent and still serves).
pub async fn has_live(
    conn: &mut AnyConnection,
    purpose: &str,
    account_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM reset_tokens WHERE purpose = $1 AND account_id = $2 \
         AND used_at IS NULL AND expires_at > $3 LIMIT 1",
    )
    .bind(purpose)
    .bind(account_id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Stores a new token for an account.
pub async fn insert(
    conn: &mut AnyConnection,
    purpose: &str,
    account_id: i64,
    token_hash: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO reset_tokens (purpose, account_id, token_hash, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(purpose)
    .bind(account_id)
    .bind(token_hash)
    .bind(now)
    .bind(expires_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Marks the token used if it is live; returns its account, or `None` when the token is
/// unknown, expired or already used.
pub async fn consume(
    conn: &mut AnyConnection,
    purpose: &str,
    token_hash: &str,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE reset_tokens SET used_at = $1 \
         WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1 \
         RETURNING account_id",
    )
    .bind(now)
    .bind(token_hash)
    .bind(purpose)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| r.try_get("account_id")).transpose()
}

/// Voids every unused token of an account for this purpose (after a successful reset).
pub async fn void_for_account(
    conn: &mut AnyConnection,
    purpose: &str,
    account_id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE reset_tokens SET used_at = $1 WHERE purpose = $2 AND account_id = $3 AND used_at IS NULL")
        .bind(now)
        .bind(purpose)
        .bind(account_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Uses a token to set its account's password, in the caller's transaction: the token is consumed, the
/// password set, the account's other tokens voided and its sessions deleted (except the caller's
/// own, `keep`, when it belongs to the same account). `None` when the token is not valid (nothing
/// changed).
pub async fn reset_password(
    tx: &mut AnyConnection,
    purpose: &str,
    token_hash: &str,
    password_hash: &str,
    keep: Option<(i64, i64)>,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE reset_tokens SET used_at = $1 \
         WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1 \
         RETURNING account_id",
    )
    .bind(now)
    .bind(token_hash)
    .bind(purpose)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let account_id: i64 = row.try_get("account_id")?;
    sqlx::query("UPDATE accounts SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(password_hash)
        .bind(now)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE reset_tokens SET used_at = $1 WHERE purpose = $2 AND account_id = $3 AND used_at IS NULL",
    )
    .bind(now)
    .bind(purpose)
    .bind(account_id)
    .execute(&mut *tx)
    .await?;
    let keep_session = keep
        .filter(|(account, _)| *account == account_id)
        .map_or(-1, |(_, session)| session);
    sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND id <> $2")
        .bind(account_id)
        .bind(keep_session)
        .execute(&mut *tx)
        .await?;
    Ok(Some(account_id))
}
