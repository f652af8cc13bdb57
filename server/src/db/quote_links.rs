//! The `quote_links` table: the share links of a quote (issue 25, part 3). A link is found by the
//! sha256 of its token; it opens the quote while neither revoked nor past the quote's validity.

use sqlx::{AnyConnection, Row};

/// A quote of an account, as its links need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuoteHead {
    /// Row id.
    pub id: i64,
    /// `DE-2026-000001`.
    pub number: String,
    /// Whose quote.
    pub account_id: i64,
    /// Last instant of validity (Unix seconds).
    pub valid_until: i64,
}

fn head(r: &sqlx::any::AnyRow) -> Result<QuoteHead, sqlx::Error> {
    Ok(QuoteHead {
        id: r.try_get("id")?,
        number: r.try_get("number")?,
        account_id: r.try_get("account_id")?,
        valid_until: r.try_get("valid_until")?,
    })
}

/// The quote numbered `number`, if it exists.
pub async fn quote_by_number(
    conn: &mut AnyConnection,
    number: &str,
) -> Result<Option<QuoteHead>, sqlx::Error> {
    sqlx::query("SELECT id, number, account_id, valid_until FROM quotes WHERE number = $1")
        .bind(number)
        .fetch_optional(conn)
        .await?
        .as_ref()
        .map(head)
        .transpose()
}

/// A share link as its owner sees it (never its token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkRow {
    /// Row id.
    pub id: i64,
    /// When it was made (Unix seconds).
    pub created_at: i64,
    /// The address it was e-mailed to, if any.
    pub sent_to: Option<String>,
}

/// Records a link of the quote `quote_id` under `token_hash`; returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    quote_id: i64,
    token_hash: &str,
    sent_to: Option<&str>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO quote_links (quote_id, token_hash, created_at, sent_to) \
         VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(quote_id)
    .bind(token_hash)
    .bind(now)
    .bind(sent_to)
    .fetch_one(conn)
    .await
}

/// The links of `quote_id` not revoked, oldest first.
pub async fn active(conn: &mut AnyConnection, quote_id: i64) -> Result<Vec<LinkRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, created_at, sent_to FROM quote_links \
         WHERE quote_id = $1 AND revoked_at IS NULL ORDER BY id",
    )
    .bind(quote_id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(LinkRow {
                id: r.try_get("id")?,
                created_at: r.try_get("created_at")?,
                sent_to: r.try_get("sent_to")?,
            })
        })
        .collect()
}

/// Revokes the link `link_id` of `quote_id` at `now`; whether a link not yet revoked was found.
pub async fn revoke(
    conn: &mut AnyConnection,
    quote_id: i64,
    link_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE quote_links SET revoked_at = $1 \
         WHERE id = $2 AND quote_id = $3 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(link_id)
    .bind(quote_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A link found by its token: the quote it opens and its frozen data.
#[derive(Debug, Clone)]
pub struct Opened {
    /// The quote.
    pub quote: QuoteHead,
    /// The frozen JSON of what it printed.
    pub data: String,
    /// When the link was revoked, if it was.
    pub revoked_at: Option<i64>,
}

/// The link whose token hashes to `token_hash`, revoked or not, with its quote.
pub async fn by_token_hash(
    conn: &mut AnyConnection,
    token_hash: &str,
) -> Result<Option<Opened>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT q.id, q.number, q.account_id, q.valid_until, q.data, l.revoked_at \
         FROM quote_links l JOIN quotes q ON q.id = l.quote_id WHERE l.token_hash = $1",
    )
    .bind(token_hash)
    .fetch_optional(conn)
    .await?;
    row.map(|r| {
        Ok(Opened {
            quote: head(&r)?,
            data: r.try_get("data")?,
            revoked_at: r.try_get("revoked_at")?,
        })
    })
    .transpose()
}
