//! The `temp_uploads` table: files dropped on the instant quote, stored on the shared data disk
//! under their sha256 and referenced here by a random token (shared by every server instance).

use sqlx::Row;

use super::Db;

/// A stored upload.
#[derive(Debug, Clone, PartialEq)]
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
pub async fn insert(db: &Db, u: &Upload, now: i64) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
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
    .fetch_one(&db.pool)
    .await?;
    row.try_get("id")
}

/// The live upload with this token.
pub async fn find_live(db: &Db, token: &str, now: i64) -> Result<Option<Upload>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, token, account_id, kind, file_name, storage_key, sha256, size_bytes, expires_at, ip \
         FROM temp_uploads WHERE token = $1 AND expires_at > $2",
    )
    .bind(token)
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|r| {
        Ok(Upload {
            id: r.try_get("id")?,
            token: r.try_get("token")?,
            account_id: r.try_get("account_id")?,
            kind: r.try_get("kind")?,
            file_name: r.try_get("file_name")?,
            storage_key: r.try_get("storage_key")?,
            sha256: r.try_get("sha256")?,
            size_bytes: r.try_get("size_bytes")?,
            expires_at: r.try_get("expires_at")?,
            ip: r.try_get("ip")?,
        })
    })
    .transpose()
}

/// Bytes uploaded since `since` from this address, or by this account when given (the larger).
pub async fn bytes_since(
    db: &Db,
    ip: &str,
    account_id: Option<i64>,
    since: i64,
) -> Result<i64, sqlx::Error> {
    let by_ip: i64 = sqlx::query(
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) AS n FROM temp_uploads WHERE ip = $1 AND created_at >= $2",
    )
    .bind(ip)
    .bind(since)
    .fetch_one(&db.pool)
    .await?
    .try_get("n")?;
    let Some(account_id) = account_id else {
        return Ok(by_ip);
    };
    let by_account: i64 = sqlx::query(
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) AS n FROM temp_uploads WHERE account_id = $1 AND created_at >= $2",
    )
    .bind(account_id)
    .bind(since)
    .fetch_one(&db.pool)
    .await?
    .try_get("n")?;
    Ok(by_ip.max(by_account))
}

/// Removes the expired upload rows (their files go once no row or part names them).
pub async fn purge_expired(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM temp_uploads WHERE expires_at <= $1")
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}

/// Whether a live upload row or a part names this stored file.
pub async fn is_referenced(db: &Db, storage_key: &str) -> Result<bool, sqlx::Error> {
    let row = sqlx::query(
        "SELECT 1 AS one FROM temp_uploads WHERE storage_key = $1 \
         UNION ALL SELECT 1 AS one FROM parts WHERE storage_key = $1 LIMIT 1",
    )
    .bind(storage_key)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some())
}
