//! The basket (`account_parts`, the specification's `ComptePiece`): one line per part an account
//! has put in its basket, with its quantity. Every statement is scoped to the owning account, so
//! another account's line reads as absent.

use sqlx::{AnyConnection, FromRow};

/// One basket line joined with its part.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BasketRow {
    /// Line id (`account_parts.id`).
    pub id: i64,
    /// `Id_Piece`.
    pub part_id: i64,
    /// `Quantite`.
    pub quantite: i64,
    /// File name of the part.
    pub file_name: String,
    /// quote-core analysis JSON of the part.
    pub analysis: String,
    /// The customer's options JSON of the part.
    pub options: String,
    /// Part status id.
    pub status_id: i64,
    /// What the analysis found, French, one reason a line (`parts.review_reasons`).
    pub review_reasons: String,
    /// The admin's comment (`parts.review_note`).
    pub review_note: String,
    /// The customer's latest review request (`parts.review_request`).
    pub review_request: String,
    /// The quote whose price the line keeps (« Commander ce devis »), if any.
    pub quote_number: Option<String>,
    /// The options JSON that quote priced.
    pub quote_options: Option<String>,
    /// The quantity that quote priced.
    pub quote_quantite: Option<i64>,
    /// The line total excl. VAT that quote gave, cents.
    pub quote_line_cents: Option<i64>,
    /// Last instant of that quote's validity (Unix seconds).
    pub quote_valid_until: Option<i64>,
}

/// The columns of a basket row (shared with the order's transaction in `db::orders`).
pub(crate) const SELECT: &str =
    "SELECT ap.id, ap.part_id, ap.quantite, p.file_name, p.analysis, p.options, p.status_id, \
     p.review_reasons, p.review_note, p.review_request, ap.quote_number, ap.quote_options, \
     ap.quote_quantite, ap.quote_line_cents, ap.quote_valid_until \
     FROM account_parts ap JOIN parts p ON p.id = ap.part_id";

/// Every line of the account's basket, oldest first.
pub async fn list_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<BasketRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE ap.account_id = $1 ORDER BY ap.created_at, ap.id");
    let rows = sqlx::query(&sql)
        .bind(account_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(BasketRow::from_row).collect()
}

/// The line `id` when it belongs to the account.
pub async fn find_owned(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
) -> Result<Option<BasketRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE ap.id = $1 AND ap.account_id = $2");
    let row = sqlx::query(&sql)
        .bind(id)
        .bind(account_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(BasketRow::from_row).transpose()
}

/// Puts the part in the account's basket with this quantity, or sets the quantity of its line
/// (one statement, so two concurrent calls cannot both insert). The caller has checked that the
/// account owns the part. Returns the line id.
pub async fn upsert(
    conn: &mut AnyConnection,
    account_id: i64,
    part_id: i64,
    quantite: i64,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO account_parts (account_id, part_id, quantite, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (account_id, part_id) DO UPDATE SET quantite = excluded.quantite RETURNING id",
    )
    .bind(account_id)
    .bind(part_id)
    .bind(quantite)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Removes the line `id` from the account's basket; false when there is no such line.
pub async fn delete_owned(
    conn: &mut AnyConnection,
    id: i64,
    account_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM account_parts WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Empties the account's basket (the order that took its lines was placed in the same
/// transaction).
pub async fn empty(conn: &mut AnyConnection, account_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM account_parts WHERE account_id = $1")
        .bind(account_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// What a quote priced for one of its parts, kept on the basket line it is put back on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotedLine<'a> {
    /// `DE-2026-000001`.
    pub number: &'a str,
    /// The part.
    pub part_id: i64,
    /// The options JSON it priced.
    pub options: &'a str,
    /// The quantity it priced.
    pub quantite: i64,
    /// Its line total excl. VAT, cents.
    pub line_cents: i64,
    /// Last instant of the quote's validity.
    pub valid_until: i64,
}

/// Marks the account's basket line of `q.part_id` as priced by the quote `q` (`None`: by the
/// catalog again).
pub async fn set_quoted(
    conn: &mut AnyConnection,
    account_id: i64,
    part_id: i64,
    q: Option<&QuotedLine<'_>>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE account_parts SET quote_number = $1, quote_options = $2, quote_quantite = $3, \
         quote_line_cents = $4, quote_valid_until = $5 WHERE account_id = $6 AND part_id = $7",
    )
    .bind(q.map(|q| q.number))
    .bind(q.map(|q| q.options))
    .bind(q.map(|q| q.quantite))
    .bind(q.map(|q| q.line_cents))
    .bind(q.map(|q| q.valid_until))
    .bind(account_id)
    .bind(part_id)
    .execute(conn)
    .await?;
    Ok(())
}
