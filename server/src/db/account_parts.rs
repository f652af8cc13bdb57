//! The basket (`account_parts`, the specification's `ComptePiece`): one line per part an account
//! has put in its basket, with its quantity. Every statement is scoped to the owning account, so
//! another account's line reads as absent.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::Db;

/// One basket line joined with its part.
#[derive(Debug, Clone)]
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
}

/// The columns of a basket row (shared with the order's transaction in `db::orders`).
pub(crate) const SELECT: &str =
    "SELECT ap.id, ap.part_id, ap.quantite, p.file_name, p.analysis, p.options, p.status_id, \
     p.review_reasons, p.review_note, p.review_request FROM account_parts ap JOIN parts p ON p.id = ap.part_id";

/// Reads a row selected with [`SELECT`].
pub(crate) fn from_row(r: &AnyRow) -> Result<BasketRow, sqlx::Error> {
    Ok(BasketRow {
        id: r.try_get("id")?,
        part_id: r.try_get("part_id")?,
        quantite: r.try_get("quantite")?,
        file_name: r.try_get("file_name")?,
        analysis: r.try_get("analysis")?,
        options: r.try_get("options")?,
        status_id: r.try_get("status_id")?,
        review_reasons: r.try_get("review_reasons")?,
        review_note: r.try_get("review_note")?,
        review_request: r.try_get("review_request")?,
    })
}

/// Every line of the account's basket, oldest first.
pub async fn list_for_account(db: &Db, account_id: i64) -> Result<Vec<BasketRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE ap.account_id = $1 ORDER BY ap.created_at, ap.id");
    let rows = sqlx::query(&sql)
        .bind(account_id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(from_row).collect()
}

/// The line `id` when it belongs to the account.
pub async fn find_owned(
    db: &Db,
    id: i64,
    account_id: i64,
) -> Result<Option<BasketRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE ap.id = $1 AND ap.account_id = $2");
    let row = sqlx::query(&sql)
        .bind(id)
        .bind(account_id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Puts the part in the account's basket with this quantity, or sets the quantity of its line
/// (one statement, so two concurrent calls cannot both insert). The caller has checked that the
/// account owns the part. Returns the line id.
pub async fn upsert(
    db: &Db,
    account_id: i64,
    part_id: i64,
    quantite: i64,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO account_parts (account_id, part_id, quantite, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (account_id, part_id) DO UPDATE SET quantite = excluded.quantite RETURNING id",
    )
    .bind(account_id)
    .bind(part_id)
    .bind(quantite)
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    row.try_get("id")
}

/// Removes the line `id` from the account's basket; false when there is no such line.
pub async fn delete_owned(db: &Db, id: i64, account_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM account_parts WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}
