//! The `catalogs` table: versions of the pricing catalog (`Combinaison`) as JSON.

use sqlx::Row;

use super::Db;
use crate::clock;

/// The current catalog: `(version, json)`.
pub async fn current(db: &Db) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT version, data FROM catalogs ORDER BY version DESC LIMIT 1")
        .fetch_optional(&db.pool)
        .await?;
    match row {
        Some(r) => Ok(Some((r.try_get("version")?, r.try_get("data")?))),
        None => Ok(None),
    }
}

/// Stores a new version (the next number) and returns it.
pub async fn insert_next(db: &Db, json: &str) -> Result<i64, sqlx::Error> {
    let version = current(db).await?.map_or(1, |(v, _)| v + 1);
    sqlx::query("INSERT INTO catalogs (version, data, created_at) VALUES ($1, $2, $3)")
        .bind(version)
        .bind(json)
        .bind(clock::now())
        .execute(&db.pool)
        .await?;
    Ok(version)
}

/// Stores version 1 when the table is empty (several instances may race: the unique version
/// makes the second insert a no-op).
pub async fn seed_if_empty(db: &Db, json: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO catalogs (version, data, created_at) VALUES (1, $1, $2) ON CONFLICT (version) DO NOTHING",
    )
    .bind(json)
    .bind(clock::now())
    .execute(&db.pool)
    .await?;
    Ok(())
}
