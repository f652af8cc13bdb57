//! The `analysis_cache` table: quote-core's analysis of a stored file, by the file's sha256 and
//! the analysis options (unit included), shared by every server instance.

use sqlx::{AnyConnection, Row};

/// The cached analysis JSON, if any.
pub async fn find(
    conn: &mut AnyConnection,
    sha256: &str,
    options_key: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row =
        sqlx::query("SELECT analysis FROM analysis_cache WHERE sha256 = $1 AND options_key = $2")
            .bind(sha256)
            .bind(options_key)
            .fetch_optional(&mut *conn)
            .await?;
    row.map(|r| r.try_get("analysis")).transpose()
}

/// Stores an analysis (a concurrent identical one keeps the first).
pub async fn insert(
    conn: &mut AnyConnection,
    sha256: &str,
    options_key: &str,
    analysis: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO analysis_cache (sha256, options_key, analysis, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (sha256, options_key) DO NOTHING",
    )
    .bind(sha256)
    .bind(options_key)
    .bind(analysis)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
