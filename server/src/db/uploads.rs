//! The `temp_uploads` table: files dropped on the instant quote, stored on the shared data disk
//! under their sha256 and referenced here by a random token (shared by every server instance).

use sqlx::{AnyConnection, FromRow};

/// A stored upload.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Upload {
    /// Row id.
    pub id: i64,
    /// Random token held by the quote entry's cookie.
    pub token: String,
    /// Uploader, when signed in.
    pub account_id: Option<i64>,
    /// Upload kind (`models`).
    pub kind: String,
    /// File name as sent by the browser.
    pub file_name: String,
    /// Path under the data folder (`uploads/<sha256>`).
    pub storage_key: String,
    /// sha256 of the content, lower-case hex.
    pub sha256: String,
    /// Size in bytes.
    pub size_bytes: i64,
    /// Expiry, Unix seconds.
    pub expires_at: i64,
    /// The uploader's address.
    pub ip: String,
}

/// Stores a new upload row and returns its id.
pub async fn insert(conn: &mut AnyConnection, u: &Upload, now: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO temp_uploads (token, account_id, kind, file_name, storage_key, sha256, size_bytes, created_at, expires_at, ip) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(&u.token)
    .bind(u.account_id)
    .bind(&u.kind)
    .bind(&u.file_name)
    .bind(&u.storage_key)
    .bind(&u.sha256)
    .bind(u.size_bytes)
    .bind(now)
    .bind(u.expires_at)
    .bind(&u.ip)
    .fetch_one(&mut *conn)
    .await
}

/// Deletes one upload row (an upload refused after its row was counted).
pub async fn delete(conn: &mut AnyConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM temp_uploads WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The live upload with this token.
pub async fn find_live(
    conn: &mut AnyConnection,
    token: &str,
    now: i64,
) -> Result<Option<Upload>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, token, account_id, kind, file_name, storage_key, sha256, size_bytes, expires_at, ip \
         FROM temp_uploads WHERE token = $1 AND expires_at > $2",
    )
    .bind(token)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| Upload::from_row(&r)).transpose()
}

/// Bytes uploaded since `since` from this address, or by this account when given (the larger).
pub async fn bytes_since(
    conn: &mut AnyConnection,
    ip: &str,
    account_id: Option<i64>,
    since: i64,
) -> Result<i64, sqlx::Error> {
    let by_ip: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) AS n FROM temp_uploads WHERE ip = $1 AND created_at >= $2",
    )
    .bind(ip)
    .bind(since)
    .fetch_one(&mut *conn)
    .await?;
    let Some(account_id) = account_id else {
        return Ok(by_ip);
    };
    let by_account: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) AS n FROM temp_uploads WHERE account_id = $1 AND created_at >= $2",
    )
    .bind(account_id)
    .bind(since)
    .fetch_one(&mut *conn)
    .await?;
    Ok(by_ip.max(by_account))
}

/// Bytes uploaded since `since` from this address, or by this account when given (the larger),
/// counting only the rows up to `last_id` (the caller's own): of parallel uploads, the earliest
/// rows pass and the later ones see them, so that some pass and the sum stays under the quota
/// (counting every row, all of them could see each other and all be refused).
pub async fn bytes_through(
    conn: &mut AnyConnection,
    ip: &str,
    account_id: Option<i64>,
    since: i64,
    last_id: i64,
) -> Result<i64, sqlx::Error> {
    let by_ip: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) AS n FROM temp_uploads \
         WHERE ip = $1 AND created_at >= $2 AND id <= $3",
    )
    .bind(ip)
    .bind(since)
    .bind(last_id)
    .fetch_one(&mut *conn)
    .await?;
    let Some(account_id) = account_id else {
        return Ok(by_ip);
    };
    let by_account: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) AS n FROM temp_uploads \
         WHERE account_id = $1 AND created_at >= $2 AND id <= $3",
    )
    .bind(account_id)
    .bind(since)
    .bind(last_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(by_ip.max(by_account))
}

/// Removes the expired upload rows (their files go once no row or part names them).
pub async fn purge_expired(conn: &mut AnyConnection, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM temp_uploads WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}

/// Whether a live upload row or a part names this stored file.
pub async fn is_referenced(
    conn: &mut AnyConnection,
    storage_key: &str,
) -> Result<bool, sqlx::Error> {
    let row = sqlx::query(
        "SELECT 1 AS one FROM temp_uploads WHERE storage_key = $1 \
         UNION ALL SELECT 1 AS one FROM parts WHERE storage_key = $1 LIMIT 1",
    )
    .bind(storage_key)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.is_some())
}
