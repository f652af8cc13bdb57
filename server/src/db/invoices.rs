//! The `invoices` and `credit_notes` tables: issued once, never updated; `data` is the frozen JSON
//! of everything printed.

use sqlx::{AnyConnection, Row};

/// A document to store.
#[derive(Debug, Clone)]
pub struct NewDocument<'a> {
    /// `FA-2026-000001` or `AV-2026-000001`.
    pub number: &'a str,
    /// Paris year of the number.
    pub year: i64,
    /// Sequence in the year.
    pub seq: i64,
    /// Issue time.
    pub issued_at: i64,
    /// Total incl. VAT.
    pub total_ttc_cents: i64,
    /// Frozen JSON.
    pub data: &'a str,
}

/// Stores the invoice of an order; returns its id.
pub async fn insert_invoice(
    conn: &mut AnyConnection,
    order_id: i64,
    d: &NewDocument<'_>,
) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO invoices (order_id, number, year, seq, issued_at, total_ttc_cents, data) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(order_id)
    .bind(d.number)
    .bind(d.year)
    .bind(d.seq)
    .bind(d.issued_at)
    .bind(d.total_ttc_cents)
    .bind(d.data)
    .fetch_one(conn)
    .await?;
    row.try_get("id")
}

/// Stores the credit note of an invoice; returns its id.
pub async fn insert_credit_note(
    conn: &mut AnyConnection,
    invoice_id: i64,
    reason: &str,
    d: &NewDocument<'_>,
) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO credit_notes (invoice_id, number, year, seq, issued_at, reason, total_ttc_cents, data) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(invoice_id)
    .bind(d.number)
    .bind(d.year)
    .bind(d.seq)
    .bind(d.issued_at)
    .bind(reason)
    .bind(d.total_ttc_cents)
    .bind(d.data)
    .fetch_one(conn)
    .await?;
    row.try_get("id")
}

/// An issued invoice: `(id, number, data)`.
pub async fn invoice_of_order(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Option<(i64, String, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT id, number, data FROM invoices WHERE order_id = $1")
        .bind(order_id)
        .fetch_optional(conn)
        .await?;
    row.map(|r| Ok((r.try_get("id")?, r.try_get("number")?, r.try_get("data")?)))
        .transpose()
}

/// The credit note of an order's invoice: `(number, data)`.
pub async fn credit_note_of_order(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT c.number, c.data FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id \
         WHERE i.order_id = $1",
    )
    .bind(order_id)
    .fetch_optional(conn)
    .await?;
    row.map(|r| Ok((r.try_get("number")?, r.try_get("data")?)))
        .transpose()
}
