//! The `parts` (Piece) and `account_parts` (ComptePiece) rows the instant quote creates: a part
//! holds the server's analysis of an uploaded file; adding it to the basket gives it to the
//! account with a quantity. Its review (status, reasons, the customer's request, the admin's
//! comment) is read and written here too; its history is `part_history`.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, FromRow, Row};

/// Part statuses (`part_statuses`).
pub mod status {
    /// Analysée.
    pub const ANALYSED: i64 = 1;
    /// À vérifier (not watertight, too thin, out of every build volume).
    pub const TO_REVIEW: i64 = 2;
    /// Validée (by an admin).
    pub const VALIDATED: i64 = 3;
    /// Refusée.
    pub const REFUSED: i64 = 4;
}

/// A new part.
#[derive(Debug, Clone)]
pub struct NewPart<'a> {
    /// Owner when the uploader is signed in.
    pub account_id: Option<i64>,
    /// File name.
    pub file_name: &'a str,
    /// Path under the data folder.
    pub storage_key: &'a str,
    /// sha256 of the file.
    pub sha256: &'a str,
    /// Size in bytes.
    pub size_bytes: i64,
    /// quote-core analysis JSON.
    pub analysis: &'a str,
    /// The customer's options JSON.
    pub options: &'a str,
    /// Status id.
    pub status_id: i64,
    /// Why the part waits for a review, French, one reason a line (empty when it does not).
    pub review_reasons: &'a str,
    /// The body of the file this part is (0-based), when split out of a multi-body file.
    pub body: Option<u32>,
}

/// A part as the quote reads it back.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Part {
    /// `Id_Piece`.
    pub id: i64,
    /// Owner, if any.
    pub account_id: Option<i64>,
    /// File name.
    pub file_name: String,
    /// quote-core analysis JSON.
    pub analysis: String,
    /// Status id.
    pub status_id: i64,
}

/// Inserts a part in the caller's transaction and returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    p: &NewPart<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO parts (account_id, file_name, storage_key, sha256, size_bytes, analysis, options, status_id, review_reasons, body, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
    )
    .bind(p.account_id)
    .bind(p.file_name)
    .bind(p.storage_key)
    .bind(p.sha256)
    .bind(p.size_bytes)
    .bind(p.analysis)
    .bind(p.options)
    .bind(p.status_id)
    .bind(p.review_reasons)
    .bind(p.body.map(i64::from))
    .bind(now)
    .fetch_one(conn)
    .await
}

/// The part with this id.
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<Part>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, account_id, file_name, analysis, status_id FROM parts WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| Part::from_row(&r)).transpose()
}

/// One line to put in an account's basket.
#[derive(Debug, Clone)]
pub struct BasketLine {
    /// The part.
    pub part_id: i64,
    /// The customer's options JSON (stored on the part).
    pub options: String,
    /// `Quantite`.
    pub quantite: i64,
}

/// Gives every part to the account (parts still without owner are claimed) with its options,
/// and sets its basket quantity, in the caller's transaction. Returns false when a part belongs
/// to another account: the caller then rolls back (earlier lines may have been written).
pub async fn add_to_basket(
    tx: &mut AnyConnection,
    account_id: i64,
    lines: &[BasketLine],
    now: i64,
) -> Result<bool, sqlx::Error> {
    for l in lines {
        let claimed = sqlx::query(
            "UPDATE parts SET account_id = $1, options = $2, updated_at = $3 \
             WHERE id = $4 AND (account_id IS NULL OR account_id = $1)",
        )
        .bind(account_id)
        .bind(&l.options)
        .bind(now)
        .bind(l.part_id)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO account_parts (account_id, part_id, quantite, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (account_id, part_id) DO UPDATE SET quantite = excluded.quantite",
        )
        .bind(account_id)
        .bind(l.part_id)
        .bind(l.quantite)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

/// A part with everything its page shows.
#[derive(Debug, Clone)]
pub struct PartRow {
    /// `Id_Piece`.
    pub id: i64,
    /// Owner, if any.
    pub account_id: Option<i64>,
    /// File name as uploaded.
    pub file_name: String,
    /// Path of the original file under the data folder.
    pub storage_key: String,
    /// quote-core analysis JSON.
    pub analysis: String,
    /// The customer's options JSON.
    pub options: String,
    /// Status id.
    pub status_id: i64,
    /// What the analysis found, French, one reason a line.
    pub review_reasons: String,
    /// The customer's latest review request.
    pub review_request: String,
    /// The admin's comment of the latest status change.
    pub review_note: String,
    /// Creation time.
    pub created_at: i64,
    /// The body of the original file this part is (0-based), when split out of a multi-body
    /// file; `None` when the part is the whole file.
    pub body: Option<u32>,
}

pub(crate) const PART_COLUMNS: &str =
    "p.id, p.account_id, p.file_name, p.storage_key, p.analysis, \
     p.options, p.status_id, p.review_reasons, p.review_request, p.review_note, p.created_at, \
     p.body";

pub(crate) fn part_row(r: &AnyRow) -> Result<PartRow, sqlx::Error> {
    Ok(PartRow {
        id: r.try_get("id")?,
        account_id: r.try_get("account_id")?,
        file_name: r.try_get("file_name")?,
        storage_key: r.try_get("storage_key")?,
        analysis: r.try_get("analysis")?,
        options: r.try_get("options")?,
        status_id: r.try_get("status_id")?,
        review_reasons: r.try_get("review_reasons")?,
        review_request: r.try_get("review_request")?,
        review_note: r.try_get("review_note")?,
        created_at: r.try_get("created_at")?,
        body: r
            .try_get::<Option<i64>, _>("body")?
            .and_then(|b| u32::try_from(b).ok()),
    })
}

/// The part `id`; `lock` is `Db::for_update()` inside a transaction that changes it, else "".
pub async fn find_row(
    conn: &mut AnyConnection,
    id: i64,
    lock: &str,
) -> Result<Option<PartRow>, sqlx::Error> {
    let sql = format!("SELECT {PART_COLUMNS} FROM parts p WHERE p.id = $1{lock}");
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(part_row).transpose()
}

/// Puts the part in "À vérifier" with the customer's request.
pub async fn request_review(
    conn: &mut AnyConnection,
    id: i64,
    message: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE parts SET status_id = $1, review_request = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(status::TO_REVIEW)
    .bind(message)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the part's status and the admin's comment (the comment of this change, empty if none).
pub async fn set_status(
    conn: &mut AnyConnection,
    id: i64,
    status_id: i64,
    note: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE parts SET status_id = $1, review_note = $2, updated_at = $3 WHERE id = $4")
        .bind(status_id)
        .bind(note)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether `part_statuses` has this id.
pub async fn status_exists(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let row = sqlx::query("SELECT id FROM part_statuses WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?;
    Ok(row.is_some())
}

/// Every part status (`Pieces/AllStatus`), by id.
pub async fn statuses(conn: &mut AnyConnection) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, libelle FROM part_statuses ORDER BY id")
        .fetch_all(conn)
        .await
}

/// The number of the first order that holds the part, if one does.
pub async fn ordered_in(conn: &mut AnyConnection, id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT o.numero FROM order_lines l JOIN orders o ON o.id = l.order_id \
         WHERE l.part_id = $1 ORDER BY o.id LIMIT 1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// The parts of the account's order `order_id`, in line order; `None` when the order is not the
/// account's (or does not exist).
pub async fn for_order(
    conn: &mut AnyConnection,
    order_id: i64,
    account_id: i64,
) -> Result<Option<Vec<PartRow>>, sqlx::Error> {
    let owned = sqlx::query("SELECT id FROM orders WHERE id = $1 AND account_id = $2")
        .bind(order_id)
        .bind(account_id)
        .fetch_optional(&mut *conn)
        .await?;
    if owned.is_none() {
        return Ok(None);
    }
    let sql = format!(
        "SELECT {PART_COLUMNS} FROM order_lines l JOIN parts p ON p.id = l.part_id \
         WHERE l.order_id = $1 ORDER BY l.position, l.id"
    );
    let rows = sqlx::query(&sql).bind(order_id).fetch_all(conn).await?;
    rows.iter()
        .map(part_row)
        .collect::<Result<_, _>>()
        .map(Some)
}
