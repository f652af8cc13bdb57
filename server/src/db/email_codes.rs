//! The `email_codes` table: six-digit codes sent by e-mail, stored hashed, with expiry and
//! attempts. A code is `verified` when the right digits were given, then `consumed` by the action
//! it proves (for example the account creation of `POST Comptes`).

use sqlx::{AnyConnection, FromRow, Row};

use super::accounts::normalize_email;
use crate::clock;

/// Purpose of the codes of the account-creation flow.
pub const ACCOUNT_CREATION: &str = "account_creation";

/// A stored code.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EmailCode {
    /// Primary key.
    pub id: i64,
    /// sha256 of the code (hex).
    pub code_hash: String,
    /// Attempts so far (counted before each comparison).
    pub attempts: i64,
    /// Expiry (Unix seconds).
    pub expires_at: i64,
    /// When the right code was given.
    pub verified_at: Option<i64>,
}

/// Stores a new code.
pub async fn insert(
    conn: &mut AnyConnection,
    purpose: &str,
    email: &str,
    code_hash: &str,
    expires_at: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO email_codes (purpose, email, code_hash, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(purpose)
    .bind(normalize_email(email))
    .bind(code_hash)
    .bind(clock::now())
    .bind(expires_at)
    .fetch_one(&mut *conn)
    .await
}

/// The newest unexpired, unconsumed code for this purpose and e-mail.
pub async fn latest_active(
    conn: &mut AnyConnection,
    purpose: &str,
    email: &str,
) -> Result<Option<EmailCode>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, code_hash, attempts, expires_at, verified_at FROM email_codes \
         WHERE purpose = $1 AND email = $2 AND expires_at > $3 AND consumed_at IS NULL \
         ORDER BY id DESC LIMIT 1",
    )
    .bind(purpose)
    .bind(normalize_email(email))
    .bind(clock::now())
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(EmailCode::from_row).transpose()
}

/// Counts one attempt on a code *before* it is compared, only while fewer than `max` were made:
/// returns the attempts now counted, or `None` when none was left. One statement, so parallel
/// guesses cannot get more than `max` comparisons between them.
pub async fn take_attempt(
    conn: &mut AnyConnection,
    id: i64,
    max: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 \
         RETURNING attempts",
    )
    .bind(id)
    .bind(max)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| r.try_get("attempts")).transpose()
}

/// Marks a code as verified (the right digits were given).
pub async fn mark_verified(conn: &mut AnyConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE email_codes SET verified_at = $1 WHERE id = $2")
        .bind(clock::now())
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Consumes a code verified within the last `max_age` seconds; `false` when there is none.
/// The update is a single statement, so two concurrent requests cannot both consume it.
pub async fn consume_verified(
    conn: &mut AnyConnection,
    purpose: &str,
    email: &str,
    max_age: i64,
) -> Result<bool, sqlx::Error> {
    let now = clock::now();
    let done = sqlx::query(
        "UPDATE email_codes SET consumed_at = $1 WHERE id = (\
           SELECT id FROM email_codes WHERE purpose = $2 AND email = $3 AND verified_at >= $4 \
           AND consumed_at IS NULL ORDER BY id DESC LIMIT 1) AND consumed_at IS NULL",
    )
    .bind(now)
    .bind(purpose)
    .bind(normalize_email(email))
    .bind(now - max_age)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
