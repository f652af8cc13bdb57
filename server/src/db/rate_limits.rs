//! The `rate_limit_events` table: counted events per bucket, shared by every server instance.

use sqlx::{AnyConnection, Row};

/// Number of events in `bucket` since `since` (Unix seconds).
pub async fn count_since(
    conn: &mut AnyConnection,
    bucket: &str,
    since: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) AS n FROM rate_limit_events WHERE bucket = $1 AND created_at >= $2",
    )
    .bind(bucket)
    .bind(since)
    .fetch_one(&mut *conn)
    .await
}

/// Number of events in `bucket` since `since` and the time of the newest one.
pub async fn recent(
    conn: &mut AnyConnection,
    bucket: &str,
    since: i64,
) -> Result<(i64, Option<i64>), sqlx::Error> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS n, MAX(created_at) AS last FROM rate_limit_events \
         WHERE bucket = $1 AND created_at >= $2",
    )
    .bind(bucket)
    .bind(since)
    .fetch_one(&mut *conn)
    .await?;
    Ok((row.try_get("n")?, row.try_get("last")?))
}

/// Records one event first, then counts the bucket's events since `since` (this one included):
/// the atomic "count before compare" of the limits. Each statement commits on its own, so of
/// concurrent takers the last to insert sees every earlier insert, and no more than `max` of them
/// can see a count within `max`. Returns the event's id and the count.
pub async fn take(
    conn: &mut AnyConnection,
    bucket: &str,
    since: i64,
    at: i64,
) -> Result<(i64, i64), sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO rate_limit_events (bucket, created_at) VALUES ($1, $2) RETURNING id",
    )
    .bind(bucket)
    .bind(at)
    .fetch_one(&mut *conn)
    .await?;
    let id: i64 = row.try_get("id")?;
    Ok((id, count_since(&mut *conn, bucket, since).await?))
}

/// Forgets one event (a taken attempt that succeeded, or that went over the limit).
pub async fn release(conn: &mut AnyConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rate_limit_events WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Forgets the events of a bucket (after a successful sign-in).
pub async fn clear(conn: &mut AnyConnection, bucket: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rate_limit_events WHERE bucket = $1")
        .bind(bucket)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Removes events older than `before`.
pub async fn purge(conn: &mut AnyConnection, before: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM rate_limit_events WHERE created_at < $1")
        .bind(before)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}
