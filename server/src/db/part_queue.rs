//! The admin's queue of parts to review (`Pieces/ForReview`, searched and paged here) and the
//! owners of parts, whom a status change e-mails.

use std::collections::HashMap;

use sqlx::{AnyConnection, FromRow, Row};

use super::account_admin::like_pattern;
use super::fold;
use super::pieces::{part_row, status, PartRow, PART_COLUMNS};

/// The owner of a part waiting for a review.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Owner {
    /// Account id.
    #[sqlx(rename = "owner_id")]
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
    row.as_ref().map(Owner::from_row).transpose()
}

/// One page of the review queue.
#[derive(Debug, Clone)]
pub struct QueuePage {
    /// The page's parts with their owner and since when they wait (Unix seconds), longest
    /// waiting first.
    pub parts: Vec<(PartRow, Owner, i64)>,
    /// Parts in the queue that match the search, over every page.
    pub total: i64,
}

/// Since when a part `p` waits: the first history row of its current run in status `$1` (its
/// creation time when it has no history).
const WAITING_SINCE: &str = "COALESCE((SELECT MIN(h.created_at) FROM part_status_history h \
     WHERE h.part_id = p.id AND h.status_id = $1 AND h.id > COALESCE((SELECT MAX(h2.id) \
     FROM part_status_history h2 WHERE h2.part_id = p.id AND h2.status_id <> $1), 0)), \
     p.created_at)";

/// The search's condition on a part `p` of an account `a`, ` AND …` (nothing without a search,
/// so that no plan evaluates it, PostgreSQL's generic ones included): its file name, the
/// owner's e-mail (stored lower-cased) or names contain the `LIKE` pattern bound as `param`
/// (see [`super::account_admin::like_pattern`]).
fn search_where(query: &str, param: &str) -> String {
    if query.is_empty() {
        return String::new();
    }
    format!(
        " AND (LOWER(a.email) LIKE {param} ESCAPE '\\' OR {file} LIKE {param} ESCAPE '\\' \
         OR {nom} LIKE {param} ESCAPE '\\' OR {prenom} LIKE {param} ESCAPE '\\' \
         OR {both} LIKE {param} ESCAPE '\\')",
        file = fold::lower("p.file_name"),
        nom = fold::lower("a.nom"),
        prenom = fold::lower("a.prenom"),
        both = fold::lower("a.prenom || ' ' || a.nom"),
    )
}

/// Parts in "À vérifier" that belong to an account, longest waiting first (then by id), whose
/// file name or owner (e-mail, names) contains `query` (any case; every part when it is empty):
/// `limit` of them after skipping `offset`, with how many match. Parts of anonymous visitors,
/// not yet in a basket, are nobody's request. The order is decided on the light columns; the
/// wide columns (the stored analysis) are read for the page's rows only.
pub async fn for_review(
    conn: &mut AnyConnection,
    query: &str,
    limit: i64,
    offset: i64,
) -> Result<QueuePage, sqlx::Error> {
    let pattern = like_pattern(query);
    let count_sql = format!(
        "SELECT COUNT(*) AS n FROM parts p JOIN accounts a ON a.id = p.account_id \
         WHERE p.status_id = $1{}",
        search_where(query, "$2")
    );
    let mut count = sqlx::query(&count_sql).bind(status::TO_REVIEW);
    if !query.is_empty() {
        count = count.bind(&pattern);
    }
    let total: i64 = count.fetch_one(&mut *conn).await?.try_get("n")?;
    // The page's ids in order, from the light columns only.
    let order_sql = format!(
        "SELECT p.id, {WAITING_SINCE} AS waiting_since FROM parts p \
         JOIN accounts a ON a.id = p.account_id WHERE p.status_id = $1{condition} \
         ORDER BY waiting_since, p.id LIMIT $2 OFFSET $3",
        condition = search_where(query, "$4")
    );
    let mut order = sqlx::query(&order_sql)
        .bind(status::TO_REVIEW)
        .bind(limit)
        .bind(offset);
    if !query.is_empty() {
        order = order.bind(&pattern);
    }
    let page: Vec<(i64, i64)> = order
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("waiting_since")?)))
        .collect::<Result<_, sqlx::Error>>()?;
    if page.is_empty() {
        return Ok(QueuePage {
            parts: Vec::new(),
            total,
        });
    }
    // Then their rows by key (a list, which PostgreSQL reads through the primary key even
    // before it has statistics on a freshly filled table, where a join scanned every part).
    let list = (1..=page.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let rows_sql = format!(
        "SELECT {PART_COLUMNS}, a.id AS owner_id, a.email, a.nom, a.prenom FROM parts p \
         JOIN accounts a ON a.id = p.account_id WHERE p.id IN ({list})"
    );
    let mut rows = sqlx::query(&rows_sql);
    for (id, _) in &page {
        rows = rows.bind(*id);
    }
    let mut by_id: HashMap<i64, (PartRow, Owner)> = HashMap::new();
    for r in rows.fetch_all(&mut *conn).await? {
        let part = part_row(&r)?;
        by_id.insert(part.id, (part, Owner::from_row(&r)?));
    }
    // A part deleted between the two reads is left out of this page.
    let parts = page
        .into_iter()
        .filter_map(|(id, since)| by_id.remove(&id).map(|(p, o)| (p, o, since)))
        .collect();
    Ok(QueuePage { parts, total })
}
