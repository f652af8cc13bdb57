//! The `catalogs` table: versions of the pricing catalog (`Combinaison`) as JSON, with who saved
//! each one. The highest version is the current catalog; older ones stay for the history.

use sqlx::{AnyConnection, FromRow, Row};

use crate::clock;

/// The current catalog: `(version, json)`.
pub async fn current(conn: &mut AnyConnection) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT version, data FROM catalogs ORDER BY version DESC LIMIT 1")
        .fetch_optional(&mut *conn)
        .await?;
    match row {
        Some(r) => Ok(Some((r.try_get("version")?, r.try_get("data")?))),
        None => Ok(None),
    }
}

/// The current catalog's version alone (cheap: what the in-memory snapshot compares first).
pub async fn current_version(conn: &mut AnyConnection) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT version FROM catalogs ORDER BY version DESC LIMIT 1")
        .fetch_optional(&mut *conn)
        .await
}

/// One stored version, without its data.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    /// Version number (1 is the seed).
    pub version: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// The admin who saved it, when it was saved from the admin (not the seed).
    pub created_by_email: String,
}

/// Every version, newest first.
pub async fn list(conn: &mut AnyConnection) -> Result<Vec<VersionRow>, sqlx::Error> {
    sqlx::query("SELECT version, created_at, created_by_email FROM catalogs ORDER BY version DESC")
        .fetch_all(conn)
        .await?
        .iter()
        .map(VersionRow::from_row)
        .collect()
}

/// One version with its JSON.
pub async fn find(
    conn: &mut AnyConnection,
    version: i64,
) -> Result<Option<(VersionRow, String)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT version, created_at, created_by_email, data FROM catalogs WHERE version = $1",
    )
    .bind(version)
    .fetch_optional(conn)
    .await?;
    match row {
        Some(r) => Ok(Some((VersionRow::from_row(&r)?, r.try_get("data")?))),
        None => Ok(None),
    }
}

/// The highest version and its JSON, read inside the caller's transaction.
pub async fn latest(conn: &mut AnyConnection) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT version, data FROM catalogs ORDER BY version DESC LIMIT 1")
        .fetch_optional(conn)
        .await?;
    match row {
        Some(r) => Ok(Some((r.try_get("version")?, r.try_get("data")?))),
        None => Ok(None),
    }
}

/// Stores `version` saved by an admin. Two concurrent saves of the same number meet the unique
/// key on `version`: the second fails with a unique violation.
pub async fn insert(
    conn: &mut AnyConnection,
    version: i64,
    json: &str,
    account_id: i64,
    email: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO catalogs (version, data, created_at, created_by_account_id, created_by_email) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(version)
    .bind(json)
    .bind(clock::now())
    .bind(account_id)
    .bind(email)
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores version 1 when the table is empty (several instances may race: the unique version
/// makes the second insert a no-op).
pub async fn seed_if_empty(conn: &mut AnyConnection, json: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO catalogs (version, data, created_at) VALUES (1, $1, $2) ON CONFLICT (version) DO NOTHING",
    )
    .bind(json)
    .bind(clock::now())
    .execute(&mut *conn)
    .await?;
    Ok(())
}
