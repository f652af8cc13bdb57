//! What the accountant's exports read (`commerce/accounting`): the invoices and credit notes
//! issued in a period, with their frozen data, oldest first.

use sqlx::{AnyConnection, Row};

use super::invoices::DocKind;

/// An invoice or credit note issued in the period.
#[derive(Debug, Clone)]
pub struct IssuedDocument {
    /// Invoice or credit note.
    pub kind: DocKind,
    /// `FA-2026-000001` or `AV-2026-000001`.
    pub number: String,
    /// Issue time, UTC Unix seconds.
    pub issued_at: i64,
    /// Frozen JSON of what is printed.
    pub data: String,
    /// The customer's account.
    pub account_id: i64,
}

/// Every invoice and credit note issued between `from` and `to` (UTC Unix seconds, both
/// included), oldest first (an invoice before a credit note issued the same second), at most
/// `limit` rows.
pub async fn issued_between(
    conn: &mut AnyConnection,
    from: i64,
    to: i64,
    limit: i64,
) -> Result<Vec<IssuedDocument>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT d.* FROM ( \
           SELECT 'facture' AS kind, i.number AS number, i.issued_at AS issued_at, \
             i.data AS data, o.account_id AS account_id \
           FROM invoices i JOIN orders o ON o.id = i.order_id \
           WHERE i.issued_at >= $1 AND i.issued_at <= $2 \
           UNION ALL \
           SELECT 'avoir', c.number, c.issued_at, c.data, o.account_id \
           FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id \
           JOIN orders o ON o.id = i.order_id \
           WHERE c.issued_at >= $1 AND c.issued_at <= $2 \
         ) d ORDER BY d.issued_at, d.kind DESC, d.number LIMIT $3",
    )
    .bind(from)
    .bind(to)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let kind: String = r.try_get("kind")?;
            Ok(IssuedDocument {
                kind: DocKind::parse(&kind)
                    .ok_or_else(|| sqlx::Error::Decode(format!("document kind {kind}").into()))?,
                number: r.try_get("number")?,
                issued_at: r.try_get("issued_at")?,
                data: r.try_get("data")?,
                account_id: r.try_get("account_id")?,
            })
        })
        .collect()
}
