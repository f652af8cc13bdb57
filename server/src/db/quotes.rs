//! The `quotes` table: one row per quote PDF issued from a basket, with the frozen JSON of what it
//! printed (so that a quote a customer forwards can be found again by its number).

use sqlx::{AnyConnection, Row};

use super::invoices::NewDocument;

/// Stores a quote of `account_id`, with the JSON of the basket lines it priced (`basket`, for
/// « Commander ce devis »); returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    account_id: i64,
    valid_until: i64,
    d: &NewDocument<'_>,
    basket: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO quotes (number, account_id, year, seq, issued_at, valid_until, total_ttc_cents, data, basket) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(d.number)
    .bind(account_id)
    .bind(d.year)
    .bind(d.seq)
    .bind(d.issued_at)
    .bind(valid_until)
    .bind(d.total_ttc_cents)
    .bind(d.data)
    .bind(basket)
    .fetch_one(conn)
    .await
}

/// A stored quote: `(account_id, total_ttc_cents, data)` of the number, if it exists.
pub async fn by_number(
    conn: &mut AnyConnection,
    number: &str,
) -> Result<Option<(i64, i64, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT account_id, total_ttc_cents, data FROM quotes WHERE number = $1")
        .bind(number)
        .fetch_optional(conn)
        .await?;
    row.map(|r| {
        Ok((
            r.try_get("account_id")?,
            r.try_get("total_ttc_cents")?,
            r.try_get("data")?,
        ))
    })
    .transpose()
}

/// A quote of an account's list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QuoteRow {
    /// `DE-2026-000001`.
    pub number: String,
    /// Issued at (Unix seconds).
    pub issued_at: i64,
    /// Last instant of validity (Unix seconds).
    pub valid_until: i64,
    /// Total incl. VAT, cents.
    pub total_ttc_cents: i64,
    /// The frozen JSON of what it printed.
    pub data: String,
    /// The basket lines it priced (`None` for quotes issued before they were kept).
    pub basket: Option<String>,
}

/// The quotes issued to `account_id`, newest first.
pub async fn list_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<QuoteRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT number, issued_at, valid_until, total_ttc_cents, data, basket FROM quotes \
         WHERE account_id = $1 ORDER BY issued_at DESC, id DESC",
    )
    .bind(account_id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(<QuoteRow as sqlx::FromRow<_>>::from_row)
        .collect()
}

/// A quote as « Commander ce devis » needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orderable {
    /// `DE-2026-000001`.
    pub number: String,
    /// Whose quote.
    pub account_id: i64,
    /// Last instant of validity.
    pub valid_until: i64,
    /// JSON of the basket lines it priced; `None` for the quotes issued before it was kept.
    pub basket: Option<String>,
}

/// The quote numbered `number`, if it exists.
pub async fn orderable(
    conn: &mut AnyConnection,
    number: &str,
) -> Result<Option<Orderable>, sqlx::Error> {
    let row =
        sqlx::query("SELECT number, account_id, valid_until, basket FROM quotes WHERE number = $1")
            .bind(number)
            .fetch_optional(conn)
            .await?;
    row.map(|r| {
        Ok(Orderable {
            number: r.try_get("number")?,
            account_id: r.try_get("account_id")?,
            valid_until: r.try_get("valid_until")?,
            basket: r.try_get("basket")?,
        })
    })
    .transpose()
}
