//! The `parts` (Piece) and `account_parts` (ComptePiece) rows the instant quote creates: a part
//! holds the server's analysis of an uploaded file; adding it to the basket gives it to the
//! account with a quantity.

use sqlx::Row;

use super::Db;

/// Part statuses (`part_statuses`).
pub mod status {
    /// Analysée.
    pub const ANALYSED: i64 = 1;
    /// À vérifier (not watertight, too thin, out of every build volume).
    pub const TO_REVIEW: i64 = 2;
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
}

/// A part as the quote reads it back.
#[derive(Debug, Clone)]
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

/// Inserts a part and returns its id.
pub async fn insert(db: &Db, p: &NewPart<'_>, now: i64) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO parts (account_id, file_name, storage_key, sha256, size_bytes, analysis, options, status_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id",
    )
    .bind(p.account_id)
    .bind(p.file_name)
    .bind(p.storage_key)
    .bind(p.sha256)
    .bind(p.size_bytes)
    .bind(p.analysis)
    .bind(p.options)
    .bind(p.status_id)
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    row.try_get("id")
}

/// The part with this id.
pub async fn find(db: &Db, id: i64) -> Result<Option<Part>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, account_id, file_name, analysis, status_id FROM parts WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|r| {
        Ok(Part {
            id: r.try_get("id")?,
            account_id: r.try_get("account_id")?,
            file_name: r.try_get("file_name")?,
            analysis: r.try_get("analysis")?,
            status_id: r.try_get("status_id")?,
        })
    })
    .transpose()
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
/// and sets its basket quantity, all or nothing. Returns false, changing nothing, when a part
/// belongs to another account.
pub async fn add_to_basket(
    db: &Db,
    account_id: i64,
    lines: &[BasketLine],
    now: i64,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
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
            tx.rollback().await?;
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
    tx.commit().await?;
    Ok(true)
}
