//! The `captcha_used` table: solved captcha challenges, so that one solution serves once.

use sqlx::AnyConnection;

/// Records a used challenge; `false` when it was already used.
pub async fn mark_used(
    conn: &mut AnyConnection,
    signature: &str,
    expires_at: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO captcha_used (signature, expires_at) VALUES ($1, $2) ON CONFLICT (signature) DO NOTHING",
    )
    .bind(signature)
    .bind(expires_at)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes challenges past their expiry.
pub async fn purge(conn: &mut AnyConnection, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM captcha_used WHERE expires_at < $1")
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}
