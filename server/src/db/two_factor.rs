//! The `totp_secrets` and `backup_codes` tables: an account's TOTP secret (unconfirmed until a
//! first code proves the app has it), the last accepted step (no replay), and its hashed
//! single-use backup codes.

use sqlx::{AnyConnection, Row};

/// An account's TOTP secret.
#[derive(Debug, Clone)]
pub struct TotpRow {
    /// Base32 secret.
    pub secret: String,
    /// When a first valid code confirmed it.
    pub confirmed_at: Option<i64>,
    /// Last step accepted (codes of this step or older are refused).
    pub last_used_step: Option<i64>,
}

/// The account's secret, if any.
pub async fn find(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Option<TotpRow>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT secret, confirmed_at, last_used_step FROM totp_secrets WHERE account_id = $1",
    )
    .bind(account_id)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(r) => Ok(Some(TotpRow {
            secret: r.try_get("secret")?,
            confirmed_at: r.try_get("confirmed_at")?,
            last_used_step: r.try_get("last_used_step")?,
        })),
        None => Ok(None),
    }
}

/// Stores a new, unconfirmed secret, replacing any previous one.
pub async fn set_unconfirmed(
    conn: &mut AnyConnection,
    account_id: i64,
    secret: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO totp_secrets (account_id, secret, created_at, confirmed_at, last_used_step) \
         VALUES ($1, $2, $3, NULL, NULL) \
         ON CONFLICT (account_id) DO UPDATE SET secret = excluded.secret, \
         created_at = excluded.created_at, confirmed_at = NULL, last_used_step = NULL",
    )
    .bind(account_id)
    .bind(secret)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Records `step` as used if it is newer than the last one; `false` when another request
/// already used this step or a later one (two requests racing with the same code).
pub async fn use_step(
    conn: &mut AnyConnection,
    account_id: i64,
    step: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE totp_secrets SET last_used_step = $1 \
         WHERE account_id = $2 AND (last_used_step IS NULL OR last_used_step < $1)",
    )
    .bind(step)
    .bind(account_id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Confirms the secret, turns two-factor on and replaces the backup codes, in the caller's
/// transaction.
pub async fn enable(
    tx: &mut AnyConnection,
    account_id: i64,
    backup_hashes: &[String],
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE totp_secrets SET confirmed_at = $1 WHERE account_id = $2")
        .bind(now)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE accounts SET two_factor_enabled = 1, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM backup_codes WHERE account_id = $1")
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    for hash in backup_hashes {
        sqlx::query(
            "INSERT INTO backup_codes (account_id, code_hash, created_at) VALUES ($1, $2, $3)",
        )
        .bind(account_id)
        .bind(hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Turns two-factor off and forgets the secret and the backup codes, in the caller's
/// transaction.
pub async fn disable(tx: &mut AnyConnection, account_id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET two_factor_enabled = 0, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM totp_secrets WHERE account_id = $1")
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM backup_codes WHERE account_id = $1")
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The unused backup codes of an account: `(id, hash)`.
pub async fn unused_backup_codes(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query("SELECT id, code_hash FROM backup_codes WHERE account_id = $1 AND used_at IS NULL ORDER BY id")
        .bind(account_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("code_hash")?)))
        .collect()
}

/// Marks a backup code used; `false` if it already was (a concurrent request used it).
pub async fn use_backup_code(
    conn: &mut AnyConnection,
    id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE backup_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
            .bind(now)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() == 1)
}
