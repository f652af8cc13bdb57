//! The admin dashboard's figures, each counted by one SQL statement: what waits for staff now
//! and the revenue invoiced over a period.

use sqlx::{AnyConnection, FromRow};

use super::pieces::status;

/// What waits for staff.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Backlog {
    /// Customers' parts in "À vérifier".
    #[sqlx(rename = "parts")]
    pub parts_to_review: i64,
    /// Orders by bank transfer still waiting for the money.
    #[sqlx(rename = "transfers")]
    pub transfers_awaiting: i64,
    /// Paid orders not yet in production.
    #[sqlx(rename = "paid")]
    pub paid_to_produce: i64,
    /// Orders in production, to ship.
    #[sqlx(rename = "producing")]
    pub to_ship: i64,
}

/// Counts what waits for staff. Parts of anonymous visitors (not in any account) are nobody's
/// request, as in `Pieces/ForReview`.
pub async fn backlog(conn: &mut AnyConnection) -> Result<Backlog, sqlx::Error> {
    let row = sqlx::query(
        "SELECT \
           (SELECT COUNT(*) FROM parts WHERE status_id = $1 AND account_id IS NOT NULL) AS parts, \
           (SELECT COUNT(*) FROM orders WHERE status = 'en attente de paiement' \
              AND payment_method = 'virement') AS transfers, \
           (SELECT COUNT(*) FROM orders WHERE status = 'payée') AS paid, \
           (SELECT COUNT(*) FROM orders WHERE status = 'en production') AS producing",
    )
    .bind(status::TO_REVIEW)
    .fetch_one(conn)
    .await?;
    Backlog::from_row(&row)
}

/// Revenue over a period, in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct Revenue {
    /// Invoiced excl. VAT, less the credit notes issued in the period.
    #[sqlx(rename = "ht")]
    pub ht_cents: i64,
    /// Invoiced incl. VAT, less the credit notes issued in the period.
    #[sqlx(rename = "ttc")]
    pub ttc_cents: i64,
    /// Invoices issued in the period.
    #[sqlx(rename = "n")]
    pub invoices: i64,
}

/// The revenue of the invoices issued in `[from, to)` (Unix seconds), less the credit notes
/// issued in the same period (a credit note cancels its whole invoice: its order's amounts).
pub async fn revenue(conn: &mut AnyConnection, from: i64, to: i64) -> Result<Revenue, sqlx::Error> {
    let row = sqlx::query(
        "SELECT \
           (SELECT CAST(COALESCE(SUM(o.total_ht_cents), 0) AS BIGINT) FROM invoices i \
              JOIN orders o ON o.id = i.order_id WHERE i.issued_at >= $1 AND i.issued_at < $2) \
         - (SELECT CAST(COALESCE(SUM(o.total_ht_cents), 0) AS BIGINT) FROM credit_notes c \
              JOIN invoices i ON i.id = c.invoice_id JOIN orders o ON o.id = i.order_id \
              WHERE c.issued_at >= $1 AND c.issued_at < $2) AS ht, \
           (SELECT CAST(COALESCE(SUM(i.total_ttc_cents), 0) AS BIGINT) FROM invoices i \
              WHERE i.issued_at >= $1 AND i.issued_at < $2) \
         - (SELECT CAST(COALESCE(SUM(c.total_ttc_cents), 0) AS BIGINT) FROM credit_notes c \
              WHERE c.issued_at >= $1 AND c.issued_at < $2) AS ttc, \
           (SELECT COUNT(*) FROM invoices i WHERE i.issued_at >= $1 AND i.issued_at < $2) AS n",
    )
    .bind(from)
    .bind(to)
    .fetch_one(conn)
    .await?;
    Revenue::from_row(&row)
}
