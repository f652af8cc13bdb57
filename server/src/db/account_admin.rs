//! What admins read and change on accounts: the searched, paginated list, disabling (which ends
//! the account's sessions in the same transaction), one page of an account's orders and one page
//! of its parts.

use sqlx::{AnyConnection, FromRow};

use super::accounts::{from_row, Account, COLUMNS};
use super::fold;
use crate::clock;

/// One page of the account search.
#[derive(Debug, Clone)]
pub struct AccountPage {
    /// The accounts of the page, newest first.
    pub accounts: Vec<Account>,
    /// How many accounts match, over every page.
    pub total: i64,
}

/// `%text%` for a case-insensitive `LIKE … ESCAPE '\'`, the wildcards of `text` taken literally.
pub(crate) fn like_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// The search's condition: the e-mail (stored lower-cased) or the names, folded as the
/// pattern is (accented capitals included, see [`fold`]).
fn search_where() -> String {
    format!(
        "($1 = '' OR LOWER(email) LIKE $2 ESCAPE '\\' OR {nom} LIKE $2 ESCAPE '\\' \
         OR {prenom} LIKE $2 ESCAPE '\\' OR {both} LIKE $2 ESCAPE '\\')",
        nom = fold::lower("nom"),
        prenom = fold::lower("prenom"),
        both = fold::lower("prenom || ' ' || nom"),
    )
}

/// Accounts whose e-mail or names contain `query` (any case; every account when it is empty),
/// newest first, `limit` of them after skipping `offset`.
pub async fn search(
    conn: &mut AnyConnection,
    query: &str,
    limit: i64,
    offset: i64,
) -> Result<AccountPage, sqlx::Error> {
    let pattern = like_pattern(query);
    let condition = search_where();
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) AS n FROM accounts WHERE {condition}"
    ))
    .bind(query)
    .bind(&pattern)
    .fetch_one(&mut *conn)
    .await?;
    let sql = format!(
        "SELECT {COLUMNS} FROM accounts WHERE {condition} \
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    );
    let rows = sqlx::query(&sql)
        .bind(query)
        .bind(&pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut *conn)
        .await?;
    let accounts = rows.iter().map(from_row).collect::<Result<_, _>>()?;
    Ok(AccountPage { accounts, total })
}

/// Disables (`disabled`) or enables the account; disabling deletes every session of it, so that
/// it is signed out at once. Run in a transaction so that both happen or neither. `None` for an
/// unknown account.
pub async fn set_disabled(
    conn: &mut AnyConnection,
    id: i64,
    disabled: bool,
) -> Result<Option<Account>, sqlx::Error> {
    let now = clock::now();
    let sql = format!(
        "UPDATE accounts SET disabled_at = CASE WHEN $1 = 1 THEN COALESCE(disabled_at, $2) END, \
         updated_at = $2 WHERE id = $3 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(i64::from(disabled))
        .bind(now)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(account) = row.as_ref().map(from_row).transpose()? else {
        return Ok(None);
    };
    if disabled {
        sqlx::query("DELETE FROM sessions WHERE account_id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(Some(account))
}

/// One order of an account, as the admin's account page lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountOrder {
    /// Order id.
    pub id: i64,
    /// `CO-2026-000001`.
    pub numero: String,
    /// Status as stored (the state machine's French spelling).
    pub status: String,
    /// Total incl. VAT, in cents.
    pub total_ttc_cents: i64,
    /// Creation time (Unix seconds).
    pub created_at: i64,
}

/// One page of an account's orders.
#[derive(Debug, Clone)]
pub struct AccountOrderPage {
    /// The page's orders, newest first.
    pub orders: Vec<AccountOrder>,
    /// The account's orders, over every page.
    pub total: i64,
}

/// The account's orders, newest first (by id, which `orders_account ON orders(account_id, id)`
/// serves on both databases): `limit` of them after skipping `offset`, with how many it has.
pub async fn orders_of(
    conn: &mut AnyConnection,
    account_id: i64,
    limit: i64,
    offset: i64,
) -> Result<AccountOrderPage, sqlx::Error> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) AS n FROM orders WHERE account_id = $1")
        .bind(account_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query(
        "SELECT id, numero, status, total_ttc_cents, created_at FROM orders \
         WHERE account_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3",
    )
    .bind(account_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    let orders = rows
        .iter()
        .map(AccountOrder::from_row)
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(AccountOrderPage { orders, total })
}

/// One part of an account, as the admin's account page lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountPart {
    /// Part id.
    pub id: i64,
    /// The file name as uploaded.
    pub file_name: String,
    /// Part status id (`pieces::status`).
    pub status_id: i64,
    /// Creation time (Unix seconds).
    pub created_at: i64,
}

/// One page of an account's parts.
#[derive(Debug, Clone)]
pub struct AccountPartPage {
    /// The page's parts, newest first.
    pub parts: Vec<AccountPart>,
    /// The account's parts, over every page.
    pub total: i64,
}

/// The account's parts, newest first (by id, which `parts(account_id, id)` serves on both
/// databases): `limit` of them after skipping `offset`, with how many it has.
pub async fn parts_of(
    conn: &mut AnyConnection,
    account_id: i64,
    limit: i64,
    offset: i64,
) -> Result<AccountPartPage, sqlx::Error> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) AS n FROM parts WHERE account_id = $1")
        .bind(account_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query(
        "SELECT id, file_name, status_id, created_at FROM parts \
         WHERE account_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3",
    )
    .bind(account_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    let parts = rows
        .iter()
        .map(AccountPart::from_row)
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(AccountPartPage { parts, total })
}

#[cfg(test)]
mod tests {
    use super::like_pattern;

    #[test]
    fn a_search_takes_wildcards_literally_and_ignores_case() {
        assert_eq!(like_pattern("Dupont"), "%dupont%");
        assert_eq!(like_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
    }
}
