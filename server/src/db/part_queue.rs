//! The admin's queue of parts to review (`Pieces/ForReview`) and the owners of parts, whom a
//! status change e-mails.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::pieces::{part_row, status, PartRow, PART_COLUMNS};

/// The owner of a part waiting for a review.
#[derive(Debug, Clone)]
pub struct Owner {
    /// Account id.
    pub id: i64,
    /// E-mail.
    pub email: String,
    /// Last name.
    pub nom: String,
    /// First name.
    pub prenom: String,
}

/// The owner of the part, when it has one.
pub async fn owner(conn: &mut AnyConnection, part_id: i64) -> Result<Option<Owner>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT a.id AS owner_id, a.email, a.nom, a.prenom FROM parts p \
         JOIN accounts a ON a.id = p.account_id \
         WHERE p.id = $1",
    )
    .bind(part_id)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(owner_row).transpose()
}

fn owner_row(r: &AnyRow) -> Result<Owner, sqlx::Error> {
    Ok(Owner {
        id: r.try_get("owner_id")?,
        email: r.try_get("email")?,
        nom: r.try_get("nom")?,
        prenom: r.try_get("prenom")?,
    })
}

/// Parts in "À vérifier" that belong to an account, longest waiting first: a part waits since
/// the first history row of its current run in status 2 (its creation time when it has no
/// history). Parts of anonymous visitors, not yet in a basket, are nobody's request.
pub async fn for_review(
    conn: &mut AnyConnection,
) -> Result<Vec<(PartRow, Owner, i64)>, sqlx::Error> {
    let sql = format!(
        "SELECT {PART_COLUMNS}, a.id AS owner_id, a.email, a.nom, a.prenom, \
         COALESCE((SELECT MIN(h.created_at) FROM part_status_history h WHERE h.part_id = p.id \
           AND h.status_id = $1 AND h.id > COALESCE((SELECT MAX(h2.id) FROM part_status_history h2 \
             WHERE h2.part_id = p.id AND h2.status_id <> $1), 0)), p.created_at) AS waiting_since \
         FROM parts p JOIN accounts a ON a.id = p.account_id WHERE p.status_id = $1 \
         ORDER BY waiting_since, p.id"
    );
    let rows = sqlx::query(&sql)
        .bind(status::TO_REVIEW)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|r| Ok((part_row(r)?, owner_row(r)?, r.try_get("waiting_since")?)))
        .collect()
}
