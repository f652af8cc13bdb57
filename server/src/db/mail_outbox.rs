//! The `mail_outbox` table: the durable queue of outgoing e-mails (see `crate::mail`).
//!
//! A message is inserted (in the caller's transaction when it has one) with its formatted bytes,
//! then sent by whichever instance claims it first: the claim is one conditional `UPDATE ...
//! RETURNING` on the row (`claimed_until` unset or past), so two instances never both take it. On
//! PostgreSQL a second claimer waits for the first one's row lock and then sees the claim; on
//! SQLite the statement is the only writer. A claim left by an instance that died is taken over
//! once `claimed_until` has passed. Every function compares with the `now` it is given.

use sqlx::{AnyConnection, FromRow, Row};

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
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
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
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
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
    sqlx::query_scalar(
        "INSERT INTO mail_outbox (recipient, purpose, subject, message, created_at, attempts, \
         next_attempt_at) VALUES ($1, $2, $3, $4, $5, 0, $5) RETURNING id",
    )
    .bind(m.recipient)
    .bind(m.purpose)
    .bind(m.subject)
    .bind(m.message.to_vec())
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Queues a message already claimed by `holder` until `until` (the request sends it itself);
/// returns its id.
pub async fn insert_claimed(
    conn: &mut AnyConnection,
    m: &NewMessage<'_>,
    now: i64,
    holder: &str,
    until: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
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
    .fetch_one(&mut *conn)
    .await
}

/// Ids of up to `limit` messages due at `now` and claimed by nobody, oldest first.
pub async fn due(conn: &mut AnyConnection, now: i64, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL \
         AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1) \
         ORDER BY id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(|r| r.try_get("id")).collect()
}

/// Claims message `id` for `holder` until `until` if it is due at `now` and nobody holds it;
/// `None` when another instance has it (or it was sent meanwhile).
pub async fn claim(
    conn: &mut AnyConnection,
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
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| Claimed::from_row(&r)).transpose()
}

/// Marks message `id` sent at `now`; `claimed_by` stays, naming the instance that sent it.
pub async fn mark_sent(conn: &mut AnyConnection, id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE mail_outbox SET sent_at = $1, claimed_until = NULL, last_error = NULL \
         WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Records a failed attempt of `holder`: the claim is released and the message is due again at
/// `retry_at`, or given up at `now` when `retry_at` is `None`.
pub async fn mark_failed(
    conn: &mut AnyConnection,
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
    query.bind(id).bind(holder).execute(&mut *conn).await?;
    Ok(())
}

/// Deletes message `id` while `holder` claims it (a code whose failure the request reported:
/// it must not arrive later).
pub async fn cancel(conn: &mut AnyConnection, id: i64, holder: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM mail_outbox WHERE id = $1 AND claimed_by = $2 AND sent_at IS NULL")
        .bind(id)
        .bind(holder)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Deletes the messages sent before `before` (the purge); returns how many.
pub async fn purge_sent(conn: &mut AnyConnection, before: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND sent_at < $1")
        .bind(before)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}

/// Every row, oldest first (tests and operators; the table is purged of old sent rows).
pub async fn list(conn: &mut AnyConnection) -> Result<Vec<Stored>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, recipient, purpose, subject, created_at, attempts, next_attempt_at, \
         claimed_by, claimed_until, sent_at, failed_at, last_error FROM mail_outbox ORDER BY id",
    )
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(Stored::from_row).collect()
}
