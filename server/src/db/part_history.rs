//! `part_status_history`: one row for every status a part was given (at its analysis, at a
//! customer's review request, at an admin's decision), with the comment and who gave it.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

/// Who gave a status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Author {
    /// The automatic analysis at upload.
    Analysis,
    /// The customer (a review request).
    Customer,
    /// An admin.
    Staff,
}

impl Author {
    /// `analyse`, `client` or `equipe` (the history's `par`).
    pub fn as_str(self) -> &'static str {
        match self {
            Author::Analysis => "analyse",
            Author::Customer => "client",
            Author::Staff => "equipe",
        }
    }
}

/// One history row.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    /// Status given.
    pub status_id: i64,
    /// French label of the status.
    pub libelle: String,
    /// The customer's request, the admin's comment or the analysis's reasons.
    pub comment: String,
    /// Who gave it.
    pub author: Author,
    /// When.
    pub at: i64,
}

/// Records that `actor` (`None`: the analysis) gave the part `status_id` with `comment`.
pub async fn insert(
    conn: &mut AnyConnection,
    part_id: i64,
    status_id: i64,
    comment: &str,
    actor: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO part_status_history (part_id, status_id, comment, actor_account_id, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(part_id)
    .bind(status_id)
    .bind(comment)
    .bind(actor)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The history of a part, oldest first. A row whose author is the part's owner is the
/// customer's; another account's is staff's (only admins change another's part); none is the
/// analysis.
pub async fn for_part(
    conn: &mut AnyConnection,
    part_id: i64,
) -> Result<Vec<HistoryRow>, sqlx::Error> {
    Ok(for_parts(conn, &[part_id])
        .await?
        .remove(&part_id)
        .unwrap_or_default())
}

/// Part ids a history query names at most (well under the bound parameters of both databases).
const IDS_PER_QUERY: usize = 500;

/// The histories of several parts, oldest first each (as [`for_part`]), by part id: one query
/// for up to 500 parts rather than one a part. A part without history has no entry.
pub async fn for_parts(
    conn: &mut AnyConnection,
    part_ids: &[i64],
) -> Result<HashMap<i64, Vec<HistoryRow>>, sqlx::Error> {
    let mut out: HashMap<i64, Vec<HistoryRow>> = HashMap::new();
    for ids in part_ids.chunks(IDS_PER_QUERY) {
        let list = (1..=ids.len())
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        // The owner is read by the part's key for each row rather than by joining `parts`:
        // PostgreSQL, before it has statistics on a freshly filled table, hashed every part
        // for that join (50 ms for 20 histories among 50,000 parts).
        let sql = format!(
            "SELECT h.part_id, h.status_id, s.libelle, h.comment, h.created_at, \
             CAST(CASE WHEN h.actor_account_id IS NULL THEN 0 \
                  WHEN h.actor_account_id = (SELECT p.account_id FROM parts p \
                    WHERE p.id = h.part_id) THEN 1 ELSE 2 END AS BIGINT) AS author \
             FROM part_status_history h JOIN part_statuses s ON s.id = h.status_id \
             WHERE h.part_id IN ({list}) ORDER BY h.part_id, h.id"
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        for r in query.fetch_all(&mut *conn).await? {
            let author = match r.try_get::<i64, _>("author")? {
                0 => Author::Analysis,
                1 => Author::Customer,
                _ => Author::Staff,
            };
            out.entry(r.try_get("part_id")?)
                .or_default()
                .push(HistoryRow {
                    status_id: r.try_get("status_id")?,
                    libelle: r.try_get("libelle")?,
                    comment: r.try_get("comment")?,
                    author,
                    at: r.try_get("created_at")?,
                });
        }
    }
    Ok(out)
}
