//! The `contact_messages` table: every message sent through the site's contact form.

use sqlx::{AnyConnection, FromRow};

/// A validated message ready to store.
#[derive(Debug, Clone)]
pub struct NewContactMessage<'a> {
    /// Sender's name.
    pub nom: &'a str,
    /// Sender's normalised e-mail address.
    pub email: &'a str,
    /// Subject.
    pub sujet: &'a str,
    /// Body.
    pub message: &'a str,
    /// Sender's IP address.
    pub ip: &'a str,
}

/// A stored message.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ContactMessage {
    /// Row id.
    pub id: i64,
    /// Sender's name.
    pub nom: String,
    /// Sender's e-mail address.
    pub email: String,
    /// Subject.
    pub sujet: String,
    /// Body.
    pub message: String,
    /// Sender's IP address.
    pub ip: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// Stores a message and returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    m: &NewContactMessage<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO contact_messages (nom, email, sujet, message, ip, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(m.nom)
    .bind(m.email)
    .bind(m.sujet)
    .bind(m.message)
    .bind(m.ip)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Every stored message, newest first.
pub async fn list(conn: &mut AnyConnection) -> Result<Vec<ContactMessage>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, nom, email, sujet, message, ip, created_at FROM contact_messages \
         ORDER BY created_at DESC, id DESC",
    )
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(ContactMessage::from_row).collect()
}

/// Deletes the messages received before `before` (kept three years, as the privacy charter
/// says); returns how many.
pub async fn purge(conn: &mut AnyConnection, before: i64) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM contact_messages WHERE created_at < $1")
            .bind(before)
            .execute(&mut *conn)
            .await?
            .rows_affected(),
    )
}
