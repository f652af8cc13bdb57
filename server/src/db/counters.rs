//! The `counters` table: one row per document kind and Paris calendar year, incremented inside
//! the transaction that issues the document, so that numbers have no gap and no duplicate (never
//! `MAX + 1`).

/// Takes the next number of `kind` for `year` in the caller's transaction. The upsert creates the
/// row at 1 or increments it in one statement; on PostgreSQL it holds the row lock until the
/// transaction ends (concurrent issuers wait, then read the committed value), on SQLite the
/// transaction of `Db::begin` is the only writer.
pub async fn next(
    conn: &mut sqlx::AnyConnection,
    kind: &str,
    year: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO counters (kind, year, last_seq) VALUES ($1, $2, 1) \
         ON CONFLICT (kind, year) DO UPDATE SET last_seq = counters.last_seq + 1 \
         RETURNING last_seq",
    )
    .bind(kind)
    .bind(year)
    .fetch_one(conn)
    .await
}

/// `CO-2026-000005`.
pub fn format_number(kind: &str, year: i64, seq: i64) -> String {
    format!("{kind}-{year}-{seq:06}")
}
