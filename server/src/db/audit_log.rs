//! The `audit_log` table: one row per admin action (who, when, what, state before and after as
//! JSON). Written through `crate::audit::record`, read by the admin journal.

use sqlx::{AnyConnection, FromRow};

/// A row to write.
#[derive(Debug, Clone)]
pub struct NewEntry<'a> {
    /// The admin's account.
    pub actor_account_id: i64,
    /// The admin's e-mail at the time.
    pub actor_email: &'a str,
    /// Action code (`commande.statut`, ...).
    pub action: &'a str,
    /// What was changed, as people name it (`CO-2026-000005`).
    pub target: &'a str,
    /// State before, JSON text.
    pub before_json: &'a str,
    /// State after, JSON text.
    pub after_json: &'a str,
    /// Unix seconds.
    pub at: i64,
}

/// A stored row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EntryRow {
    /// Id.
    pub id: i64,
    /// The admin's account, if it still exists.
    pub actor_account_id: Option<i64>,
    /// The admin's e-mail at the time.
    pub actor_email: String,
    /// Action code.
    pub action: String,
    /// What was changed.
    pub target: String,
    /// State before, JSON text.
    pub before_json: String,
    /// State after, JSON text.
    pub after_json: String,
    /// Unix seconds.
    #[sqlx(rename = "created_at")]
    pub at: i64,
}

/// The journal's filters; `None` means any.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Part of the admin's e-mail, any case.
    pub actor: Option<String>,
    /// Exact action code.
    pub action: Option<String>,
    /// From these Unix seconds, included.
    pub from: Option<i64>,
    /// Up to these Unix seconds, included.
    pub to: Option<i64>,
}

/// Writes one row (inside the caller's transaction when it passes one).
pub async fn insert(conn: &mut AnyConnection, e: &NewEntry<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO audit_log (actor_account_id, actor_email, action, target, before_json, \
         after_json, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(e.actor_account_id)
    .bind(e.actor_email)
    .bind(e.action)
    .bind(e.target)
    .bind(e.before_json)
    .bind(e.after_json)
    .bind(e.at)
    .fetch_one(conn)
    .await
}

const FILTER: &str = "WHERE ($1 IS NULL OR LOWER(actor_email) LIKE $1 ESCAPE '\\') \
     AND ($2 IS NULL OR action = $2) AND ($3 IS NULL OR created_at >= $3) \
     AND ($4 IS NULL OR created_at <= $4)";

/// A page of rows matching `filter`, newest first, and how many match in all.
pub async fn search(
    conn: &mut AnyConnection,
    filter: &Filter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<EntryRow>, i64), sqlx::Error> {
    let pattern = filter.actor.as_deref().map(|q| {
        let escaped = q
            .to_lowercase()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        format!("%{escaped}%")
    });
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) AS n FROM audit_log {FILTER}"))
        .bind(pattern.as_deref())
        .bind(filter.action.as_deref())
        .bind(filter.from)
        .bind(filter.to)
        .fetch_one(&mut *conn)
        .await?;
    let sql = format!(
        "SELECT id, actor_account_id, actor_email, action, target, before_json, after_json, \
         created_at FROM audit_log {FILTER} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6"
    );
    let rows = sqlx::query(&sql)
        .bind(pattern.as_deref())
        .bind(filter.action.as_deref())
        .bind(filter.from)
        .bind(filter.to)
        .bind(limit)
        .bind(offset)
        .fetch_all(conn)
        .await?;
    Ok((
        rows.iter()
            .map(EntryRow::from_row)
            .collect::<Result<_, _>>()?,
        total,
    ))
}
