//! The `sessions` table: server-side sessions, found by the sha256 of the cookie value.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::accounts::Role;
use super::flag;
use crate::clock;

/// A live session joined with its account.
#[derive(Debug, Clone)]
pub struct SessionRow {
    /// Session primary key.
    pub id: i64,
    /// The account.
    pub account_id: i64,
    /// The account's e-mail.
    pub email: String,
    /// The account's last name.
    pub nom: String,
    /// The account's first name.
    pub prenom: String,
    /// The account's role.
    pub role: Role,
    /// Signed in with a password, second factor still to give.
    pub two_factor_pending: bool,
    /// The account has two-factor authentication on (an admin needs it for the admin routes).
    pub two_factor_enabled: bool,
    /// Expiry (Unix seconds).
    pub expires_at: i64,
    /// Last time the session was used (Unix seconds).
    pub last_seen: i64,
    /// Sign-in time (Unix seconds): the start of the absolute lifetime.
    pub created_at: i64,
    /// The CSRF token the session is bound to ('' for sessions made before the binding).
    pub csrf_token: String,
}

/// What a new session records.
#[derive(Debug, Clone)]
pub struct NewSession<'a> {
    /// sha256 of the cookie value (hex).
    pub token_hash: &'a str,
    /// The account.
    pub account_id: i64,
    /// Second factor still to give.
    pub two_factor_pending: bool,
    /// Expiry (Unix seconds).
    pub expires_at: i64,
    /// Client IP.
    pub ip: &'a str,
    /// Client user agent (truncated).
    pub user_agent: &'a str,
    /// The CSRF token of the browser that signed in: the session accepts no other.
    pub csrf_token: &'a str,
}

fn from_row(row: &AnyRow) -> Result<SessionRow, sqlx::Error> {
    let role: String = row.try_get("role")?;
    Ok(SessionRow {
        id: row.try_get("id")?,
        account_id: row.try_get("account_id")?,
        email: row.try_get("email")?,
        nom: row.try_get("nom")?,
        prenom: row.try_get("prenom")?,
        role: Role::parse(&role).unwrap_or(Role::Client),
        two_factor_pending: flag(row, "two_factor_pending")?,
        two_factor_enabled: flag(row, "two_factor_enabled")?,
        expires_at: row.try_get("expires_at")?,
        last_seen: row.try_get("last_seen")?,
        created_at: row.try_get("created_at")?,
        csrf_token: row.try_get("csrf_token")?,
    })
}

/// Stores a new session.
pub async fn insert(conn: &mut AnyConnection, new: &NewSession<'_>) -> Result<i64, sqlx::Error> {
    let now = clock::now();
    sqlx::query_scalar(
        "INSERT INTO sessions (token_hash, account_id, csrf_token, two_factor_pending, created_at, \
         expires_at, last_seen, ip, user_agent) VALUES ($1, $2, $8, $3, $4, $5, $4, $6, $7) RETURNING id",
    )
    .bind(new.token_hash)
    .bind(new.account_id)
    .bind(i64::from(new.two_factor_pending))
    .bind(now)
    .bind(new.expires_at)
    .bind(new.ip)
    .bind(new.user_agent)
    .bind(new.csrf_token)
    .fetch_one(&mut *conn)
    .await
}

/// The session whose token hash is given, if it has not expired.
pub async fn find_live(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<Option<SessionRow>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT s.id, s.account_id, s.two_factor_pending, s.expires_at, s.last_seen, s.created_at, s.csrf_token, \
         a.email, a.nom, a.prenom, a.role, a.two_factor_enabled \
         FROM sessions s JOIN accounts a ON a.id = s.account_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND a.disabled_at IS NULL",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(from_row).transpose()
}

/// Slides the expiry and records the last use.
pub async fn touch(
    conn: &mut AnyConnection,
    id: i64,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET last_seen = $1, expires_at = $2 WHERE id = $3")
        .bind(now)
        .bind(expires_at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Marks the second factor as given, under a new token and a new expiry; `false` when the
/// session was no longer waiting for it (a parallel request completed it first).
pub async fn complete_two_factor(
    conn: &mut AnyConnection,
    id: i64,
    new_token_hash: &str,
    expires_at: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE sessions SET two_factor_pending = 0, token_hash = $1, expires_at = $2 \
         WHERE id = $3 AND two_factor_pending = 1",
    )
    .bind(new_token_hash)
    .bind(expires_at)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// One of an account's live sessions, as "Mes sessions" lists it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LiveSession {
    /// Session primary key.
    pub id: i64,
    /// Client address at sign-in.
    pub ip: String,
    /// Client user agent at sign-in (truncated).
    pub user_agent: String,
    /// Sign-in time (Unix seconds).
    pub created_at: i64,
    /// Last use (Unix seconds, to the minute).
    pub last_seen: i64,
}

/// The live sessions of `account_id` (second factor given), most recently used first.
pub async fn list_live(
    conn: &mut AnyConnection,
    account_id: i64,
    now: i64,
) -> Result<Vec<LiveSession>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, ip, user_agent, created_at, last_seen FROM sessions \
         WHERE account_id = $1 AND expires_at > $2 AND two_factor_pending = 0 \
         ORDER BY last_seen DESC, id DESC",
    )
    .bind(account_id)
    .bind(now)
    .fetch_all(&mut *conn)
    .await
}

/// Deletes the session `id` if it is one of `account_id`'s; `false` otherwise.
pub async fn delete_owned(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sessions WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes one session (sign-out).
pub async fn delete_by_hash(conn: &mut AnyConnection, token_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Deletes every session of an account except `keep` (after a password or e-mail change);
/// returns how many ended.
pub async fn delete_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
    keep: Option<i64>,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND id <> $2")
        .bind(account_id)
        .bind(keep.unwrap_or(-1))
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}

/// Sets the expiry of a session (tests and admin tools use it to end a session early).
pub async fn set_expiry(
    conn: &mut AnyConnection,
    id: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET expires_at = $1 WHERE id = $2")
        .bind(expires_at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Removes sessions expired for more than a day.
pub async fn purge_expired(conn: &mut AnyConnection, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sessions WHERE expires_at < $1")
        .bind(now - 86_400)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}
