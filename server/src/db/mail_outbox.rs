//! The `mail_outbox` table: the durable queue of outgoing e-mails (see `crate::mail`).
//!
//! A message is inserted (in the caller's transaction when it has one) with its formatted bytes,
//! then sent by whichever instance claims it first: the claim is one conditional `UPDATE ...
//! RETURNING` on the row (`claimed_until` unset or past), so two instances never both take it. On
//! PostgreSQL a second claimer waits for the first one's row lock and then sees the claim; on
//! SQLite the statement is the only writer. A claim left by an instance that died is taken over
//! once `claimed_until` has passed. Every function compares with the `now` it is given.

use sqlx::{AnyConnection, Row};

use super::Db;

/// A message to queue.
#[derive(Debug, Clone, Copy)]
pub struct NewMessage<'a> {
    /// Envelope recipient (a bare address).
    pub recipient: &'a str,
    /// What it is for (`order_shipped`, ...).
    pub purpose: &'a str,
    /// Subject line (for the operator reading the table).
    pub subject: &'a str,
    /// The formatted RFC 5322 message.
    pub message: &'a [u8],
}

/// A claimed message, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    /// Row id.
    pub id: i64,
    /// Envelope recipient.
    pub recipient: String,
    /// What it is for.
    pub purpose: String,
    /// The formatted message.
    pub message: Vec<u8>,
    /// Claims taken so far, this one included.
    pub attempts: i64,
}

/// A row as stored (tests and operators).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    /// Row id.
    pub id: i64,
    /// Envelope recipient.
    pub recipient: String,
    /// What it is for.
    pub purpose: String,
    /// Subject line.
    pub subject: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Claims taken to send it.
    pub attempts: i64,
    /// Not sent before this time.
    pub next_attempt_at: i64,
    /// Instance holding the claim, or that sent it.
    pub claimed_by: Option<String>,
    /// End of the claim.
    pub claimed_until: Option<i64>,
    /// When it was sent.
    pub sent_at: Option<i64>,
    /// When it was given up.
    pub failed_at: Option<i64>,
    /// The last delivery error.
    pub last_error: Option<String>,
}

/// Queues a message, due at once; returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    m: &NewMessage<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO mail_outbox (recipient, purpose, subject, message, created_at, attempts, \
         next_attempt_at) VALUES ($1, $2, $3, $4, $5, 0, $5) RETURNING id",
    )
    .bind(m.recipient)
    .bind(m.purpose)
    .bind(m.subject)
    .bind(m.message.to_vec())
    .bind(now)
    .fetch_one(conn)
    .await?;
    row.try_get("id")
}

/// Queues a message already claimed by `holder` until `until` (the request sends it itself);
/// returns its id.
pub async fn insert_claimed(
    db: &Db,
    m: &NewMessage<'_>,
    now: i64,
    holder: &str,
    until: i64,
) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO mail_outbox (recipient, purpose, subject, message, created_at, attempts, \
         next_attempt_at, claimed_by, claimed_until) \
         VALUES ($1, $2, $3, $4, $5, 1, $5, $6, $7) RETURNING id",
    )
    .bind(m.recipient)
    .bind(m.purpose)
    .bind(m.subject)
    .bind(m.message.to_vec())
    .bind(now)
    .bind(holder)
    .bind(until)
    .fetch_one(&db.pool)
    .await?;
    row.try_get("id")
}

/// Ids of up to `limit` messages due at `now` and claimed by nobody, oldest first.
pub async fn due(db: &Db, now: i64, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL \
         AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1) \
         ORDER BY id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(|r| r.try_get("id")).collect()
}

/// Claims message `id` for `holder` until `until` if it is due at `now` and nobody holds it;
/// `None` when another instance has it (or it was sent meanwhile).
pub async fn claim(
    db: &Db,
    id: i64,
    holder: &str,
    now: i64,
    until: i64,
) -> Result<Option<Claimed>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE mail_outbox SET claimed_by = $1, claimed_until = $2, attempts = attempts + 1 \
         WHERE id = $3 AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $4 \
         AND (claimed_until IS NULL OR claimed_until < $4) \
         RETURNING id, recipient, purpose, message, attempts",
    )
    .bind(holder)
    .bind(until)
    .bind(id)
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|r| {
        Ok(Claimed {
            id: r.try_get("id")?,
            recipient: r.try_get("recipient")?,
            purpose: r.try_get("purpose")?,
            message: r.try_get("message")?,
            attempts: r.try_get("attempts")?,
        })
    })
    .transpose()
}

/// Marks message `id` sent at `now`; `claimed_by` stays, naming the instance that sent it.
pub async fn mark_sent(db: &Db, id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE mail_outbox SET sent_at = $1, claimed_until = NULL, last_error = NULL \
         WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Records a failed attempt of `holder`: the claim is released and the message is due again at
/// `retry_at`, or given up at `now` when `retry_at` is `None`.
pub async fn mark_failed(
    db: &Db,
    id: i64,
    holder: &str,
    error: &str,
    now: i64,
    retry_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    let error: String = error.chars().take(1000).collect();
    let query = match retry_at {
        Some(at) => sqlx::query(
            "UPDATE mail_outbox SET last_error = $1, next_attempt_at = $2, \
             claimed_by = NULL, claimed_until = NULL \
             WHERE id = $3 AND claimed_by = $4 AND sent_at IS NULL",
        )
        .bind(error)
        .bind(at),
        None => sqlx::query(
            "UPDATE mail_outbox SET last_error = $1, failed_at = $2, \
             claimed_by = NULL, claimed_until = NULL \
             WHERE id = $3 AND claimed_by = $4 AND sent_at IS NULL",
        )
        .bind(error)
        .bind(now),
    };
    query.bind(id).bind(holder).execute(&db.pool).await?;
    Ok(())
}

/// Deletes message `id` while `holder` claims it (a code whose failure the request reported:
/// it must not arrive later).
pub async fn cancel(db: &Db, id: i64, holder: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM mail_outbox WHERE id = $1 AND claimed_by = $2 AND sent_at IS NULL")
        .bind(id)
        .bind(holder)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Deletes the messages sent before `before` (the purge); returns how many.
pub async fn purge_sent(db: &Db, before: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND sent_at < $1")
        .bind(before)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}

/// Every row, oldest first (tests and operators; the table is purged of old sent rows).
pub async fn list(db: &Db) -> Result<Vec<Stored>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, recipient, purpose, subject, created_at, attempts, next_attempt_at, \
         claimed_by, claimed_until, sent_at, failed_at, last_error FROM mail_outbox ORDER BY id",
    )
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Stored {
                id: r.try_get("id")?,
                recipient: r.try_get("recipient")?,
                purpose: r.try_get("purpose")?,
                subject: r.try_get("subject")?,
                created_at: r.try_get("created_at")?,
                attempts: r.try_get("attempts")?,
                next_attempt_at: r.try_get("next_attempt_at")?,
                claimed_by: r.try_get("claimed_by")?,
                claimed_until: r.try_get("claimed_until")?,
                sent_at: r.try_get("sent_at")?,
                failed_at: r.try_get("failed_at")?,
                last_error: r.try_get("last_error")?,
            })
        })
        .collect()
}
