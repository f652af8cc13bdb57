//! The `data_exports` table: the requests of « Télécharger mes données ». A request is claimed
//! row by row by the instance that builds it (`claimed_by`, `claimed_until`, as the mail outbox),
//! so that with several servers exactly one builds each; a claim left by an instance that died
//! is taken again once it expired. A ready export is found by the sha256 of its link's token
//! until it expires (24 hours).

use sqlx::{AnyConnection, Row};

/// Waiting to be built.
pub const PENDING: &str = "en_attente";
/// Built, stored and e-mailed.
pub const READY: &str = "prete";
/// Given up after several attempts.
pub const FAILED: &str = "echec";
/// Attempts before a request is given up.
pub const MAX_ATTEMPTS: i64 = 3;

/// The latest request of an account, as its settings page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LatestExport {
    /// `en_attente`, `prete` or `echec`.
    pub status: String,
    /// When it was asked for.
    pub requested_at: i64,
    /// When its link stops working (ready exports).
    pub expires_at: Option<i64>,
}

/// A request claimed by an instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claimed {
    /// The request.
    pub id: i64,
    /// Whose data.
    pub account_id: i64,
}

/// Records a request; returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    account_id: i64,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO data_exports (account_id, status, requested_at) VALUES ($1, $2, $3) \
         RETURNING id",
    )
    .bind(account_id)
    .bind(PENDING)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// How many requests the account made since `since`.
pub async fn count_since(
    conn: &mut AnyConnection,
    account_id: i64,
    since: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM data_exports WHERE account_id = $1 AND requested_at >= $2",
    )
    .bind(account_id)
    .bind(since)
    .fetch_one(&mut *conn)
    .await
}

/// The account's latest request, if any.
pub async fn latest(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Option<LatestExport>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT status, requested_at, expires_at FROM data_exports WHERE account_id = $1 \
         ORDER BY id DESC LIMIT 1",
    )
    .bind(account_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| {
        Ok(LatestExport {
            status: r.try_get("status")?,
            requested_at: r.try_get("requested_at")?,
            expires_at: r.try_get("expires_at")?,
        })
    })
    .transpose()
}

/// Claims the oldest pending request nobody holds at `now` for `holder` until `now + secs`. The
/// claim's conditions are repeated on the row itself, so that on PostgreSQL a second instance
/// racing for the same row re-checks them once the first one committed, and gets nothing.
pub async fn claim_next(
    conn: &mut AnyConnection,
    holder: &str,
    now: i64,
    secs: i64,
) -> Result<Option<Claimed>, sqlx::Error> {
    let free = "status = 'en_attente' AND (claimed_until IS NULL OR claimed_until <= $3)";
    let row = sqlx::query(&format!(
        "UPDATE data_exports SET claimed_by = $1, claimed_until = $2, attempts = attempts + 1 \
         WHERE {free} AND id = (SELECT id FROM data_exports WHERE {free} ORDER BY id LIMIT 1) \
         RETURNING id, account_id"
    ))
    .bind(holder)
    .bind(now + secs)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| {
        Ok(Claimed {
            id: r.try_get("id")?,
            account_id: r.try_get("account_id")?,
        })
    })
    .transpose()
}

/// A built export.
#[derive(Debug, Clone, Copy)]
pub struct Ready<'a> {
    /// Its ZIP in the object store.
    pub key: &'a str,
    /// The ZIP's size in bytes.
    pub size: i64,
    /// sha256 of the link's token.
    pub token_hash: &'a str,
    /// When it was built.
    pub now: i64,
    /// When the link stops working.
    pub expires_at: i64,
}

/// Marks the request built: see [`Ready`]. Only by the instance holding the claim (`false` otherwise).
pub async fn mark_ready(
    conn: &mut AnyConnection,
    id: i64,
    holder: &str,
    ready: &Ready<'_>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE data_exports SET status = $1, storage_key = $2, size_bytes = $3, \
         token_hash = $4, ready_at = $5, expires_at = $6, claimed_until = NULL \
         WHERE id = $7 AND claimed_by = $8 AND status = 'en_attente'",
    )
    .bind(READY)
    .bind(ready.key)
    .bind(ready.size)
    .bind(ready.token_hash)
    .bind(ready.now)
    .bind(ready.expires_at)
    .bind(id)
    .bind(holder)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// After a failed build: the request waits for another attempt, or is given up after
/// [`MAX_ATTEMPTS`].
pub async fn release_failed(conn: &mut AnyConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE data_exports SET claimed_until = NULL, \
         status = CASE WHEN attempts >= $1 THEN 'echec' ELSE status END WHERE id = $2",
    )
    .bind(MAX_ATTEMPTS)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The stored ZIP of the ready export whose token hashes to `token_hash`, valid at `now`.
pub async fn find_ready(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT account_id, storage_key FROM data_exports \
         WHERE token_hash = $1 AND status = 'prete' AND expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| Ok((r.try_get("account_id")?, r.try_get("storage_key")?)))
        .transpose()
}

/// Deletes the exports expired at `now` (and failed requests older than a day); returns the
/// storage keys of their ZIPs, for the caller to delete.
pub async fn purge_expired(conn: &mut AnyConnection, now: i64) -> Result<Vec<String>, sqlx::Error> {
    let condition = "(status = 'prete' AND expires_at <= $1) \
                     OR (status = 'echec' AND requested_at <= $2)";
    let keys: Vec<String> = sqlx::query_scalar(&format!(
        "SELECT storage_key FROM data_exports WHERE ({condition}) AND storage_key <> ''"
    ))
    .bind(now)
    .bind(now - 86_400)
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query(&format!("DELETE FROM data_exports WHERE {condition}"))
        .bind(now)
        .bind(now - 86_400)
        .execute(&mut *conn)
        .await?;
    Ok(keys)
}
