//! The `quote_entries` table: the quote entries of `/devis_ligne` kept on the server, found by
//! the random id their browser's signed cookie holds.

use sqlx::{AnyConnection, Row};

/// Stores (or replaces) the entry `id`.
pub async fn upsert(
    conn: &mut AnyConnection,
    id: &str,
    data: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO quote_entries (id, data, expires_at) VALUES ($1, $2, $3) \
         ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at",
    )
    .bind(id)
    .bind(data)
    .bind(expires_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The data of the entry `id`, unless it expired.
pub async fn find(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT data FROM quote_entries WHERE id = $1 AND expires_at > $2")
        .bind(id)
        .bind(now)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| r.try_get("data")).transpose()
}

/// Forgets the entry `id` (removed from its quote).
pub async fn delete(conn: &mut AnyConnection, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM quote_entries WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Removes the expired entries.
pub async fn purge(conn: &mut AnyConnection, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM quote_entries WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}
