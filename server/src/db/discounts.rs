//! The `discounts` table (discount codes) and `discount_uses` (one row per order that used a
//! code). The use counter is incremented with a conditional UPDATE inside the order's
//! transaction, so that a code limited to N uses is never used N + 1 times.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, FromRow, Row};

/// Kinds of discount (`discounts.kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountKind {
    /// `value` is in basis points of the subtotal (1000 = 10 %).
    Percent,
    /// `value` is in cents.
    Fixed,
}

impl DiscountKind {
    /// The stored and API spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            DiscountKind::Percent => "percent",
            DiscountKind::Fixed => "fixed",
        }
    }

    /// Reads the stored and API spelling.
    pub fn parse(s: &str) -> Option<DiscountKind> {
        match s {
            "percent" => Some(DiscountKind::Percent),
            "fixed" => Some(DiscountKind::Fixed),
            _ => None,
        }
    }
}

/// A discount code as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discount {
    /// Id.
    pub id: i64,
    /// Upper-cased code.
    pub code: String,
    /// What the code is for (shown to the customer).
    pub description: String,
    /// Percent or fixed.
    pub kind: DiscountKind,
    /// Basis points or cents.
    pub value: i64,
    /// Minimum subtotal excl. VAT, cents.
    pub min_order_cents: i64,
    /// Valid from (Unix seconds), if bounded.
    pub valid_from: Option<i64>,
    /// Valid until (Unix seconds, inclusive), if bounded.
    pub valid_until: Option<i64>,
    /// Uses allowed in all, if bounded.
    pub max_uses: Option<i64>,
    /// Uses allowed per account, if bounded.
    pub max_uses_per_account: Option<i64>,
    /// Uses counted so far.
    pub uses: i64,
    /// The one account allowed to use it, if reserved.
    pub account_id: Option<i64>,
    /// Whether it can be used at all.
    pub active: bool,
}

/// What an admin sets on a code (every field but the id and the use counter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscountFields {
    /// Upper-cased code.
    pub code: String,
    /// Description.
    pub description: String,
    /// Percent or fixed.
    pub kind: DiscountKind,
    /// Basis points or cents.
    pub value: i64,
    /// Minimum subtotal, cents.
    pub min_order_cents: i64,
    /// Valid from.
    pub valid_from: Option<i64>,
    /// Valid until.
    pub valid_until: Option<i64>,
    /// Global limit.
    pub max_uses: Option<i64>,
    /// Per-account limit.
    pub max_uses_per_account: Option<i64>,
    /// Reserved account.
    pub account_id: Option<i64>,
    /// Active flag.
    pub active: bool,
}

const SELECT: &str = "SELECT id, code, description, kind, value, min_order_cents, valid_from, \
     valid_until, max_uses, max_uses_per_account, uses, account_id, active FROM discounts";

fn from_row(row: &AnyRow) -> Result<Discount, sqlx::Error> {
    let kind: String = row.try_get("kind")?;
    Ok(Discount {
        id: row.try_get("id")?,
        code: row.try_get("code")?,
        description: row.try_get("description")?,
        kind: DiscountKind::parse(&kind)
            .ok_or_else(|| sqlx::Error::Decode(format!("unknown discount kind {kind}").into()))?,
        value: row.try_get("value")?,
        min_order_cents: row.try_get("min_order_cents")?,
        valid_from: row.try_get("valid_from")?,
        valid_until: row.try_get("valid_until")?,
        max_uses: row.try_get("max_uses")?,
        max_uses_per_account: row.try_get("max_uses_per_account")?,
        uses: row.try_get("uses")?,
        account_id: row.try_get("account_id")?,
        active: super::flag(row, "active")?,
    })
}

/// The code spelled `code` (already upper-cased), if any.
pub async fn find_by_code(
    conn: &mut AnyConnection,
    code: &str,
) -> Result<Option<Discount>, sqlx::Error> {
    let row = sqlx::query(&format!("{SELECT} WHERE code = $1"))
        .bind(code)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// The code `id`, if any.
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<Discount>, sqlx::Error> {
    let row = sqlx::query(&format!("{SELECT} WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Every code, newest first (admin).
pub async fn list_all(conn: &mut AnyConnection) -> Result<Vec<Discount>, sqlx::Error> {
    let rows = sqlx::query(&format!("{SELECT} ORDER BY id DESC"))
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(from_row).collect()
}

/// Active codes open to everyone or reserved to `account_id`, by code.
pub async fn list_active_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<Discount>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE active = 1 AND (account_id IS NULL OR account_id = $1) ORDER BY code"
    ))
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(from_row).collect()
}

/// Inserts a code and returns its id (a taken code is a unique violation).
pub async fn insert(
    conn: &mut AnyConnection,
    f: &DiscountFields,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO discounts (code, description, kind, value, min_order_cents, valid_from, \
         valid_until, max_uses, max_uses_per_account, account_id, active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id",
    )
    .bind(&f.code)
    .bind(&f.description)
    .bind(f.kind.as_str())
    .bind(f.value)
    .bind(f.min_order_cents)
    .bind(f.valid_from)
    .bind(f.valid_until)
    .bind(f.max_uses)
    .bind(f.max_uses_per_account)
    .bind(f.account_id)
    .bind(i64::from(f.active))
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Replaces the fields of code `id`; false when there is no such code.
pub async fn update(
    conn: &mut AnyConnection,
    id: i64,
    f: &DiscountFields,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE discounts SET code = $1, description = $2, kind = $3, value = $4, \
         min_order_cents = $5, valid_from = $6, valid_until = $7, max_uses = $8, \
         max_uses_per_account = $9, account_id = $10, active = $11, updated_at = $12 WHERE id = $13",
    )
    .bind(&f.code)
    .bind(&f.description)
    .bind(f.kind.as_str())
    .bind(f.value)
    .bind(f.min_order_cents)
    .bind(f.valid_from)
    .bind(f.valid_until)
    .bind(f.max_uses)
    .bind(f.max_uses_per_account)
    .bind(f.account_id)
    .bind(i64::from(f.active))
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Disables code `id` (kept for the orders that used it); false when there is no such code.
pub async fn deactivate(conn: &mut AnyConnection, id: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE discounts SET active = 0, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Counts one more use of code `id` unless its global limit is reached: true when counted.
/// The UPDATE takes the row's write lock until the transaction ends, so that concurrent orders
/// count one after the other and the limit holds.
pub async fn increment_uses(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE discounts SET uses = uses + 1 WHERE id = $1 AND (max_uses IS NULL OR uses < max_uses)",
    )
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// How many orders of `account_id` used code `discount_id`.
pub async fn uses_by_account(
    conn: &mut AnyConnection,
    discount_id: i64,
    account_id: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "SELECT COUNT(*) AS n FROM discount_uses WHERE discount_id = $1 AND account_id = $2",
    )
    .bind(discount_id)
    .bind(account_id)
    .fetch_one(&mut *conn)
    .await?
    .try_get("n")
}

/// Records that order `order_id` used code `discount_id` for `amount_cents`.
pub async fn insert_use(
    conn: &mut AnyConnection,
    discount_id: i64,
    account_id: i64,
    order_id: i64,
    amount_cents: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO discount_uses (discount_id, account_id, order_id, amount_cents, used_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(discount_id)
    .bind(account_id)
    .bind(order_id)
    .bind(amount_cents)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// One use of a code: the order that used it and its account.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UseRow {
    /// The order.
    pub order_id: i64,
    /// Its number.
    #[sqlx(rename = "numero")]
    pub order_number: String,
    /// Its status now.
    #[sqlx(rename = "status")]
    pub order_status: String,
    /// Discount granted, cents excl. VAT.
    pub amount_cents: i64,
    /// When the order was placed.
    pub used_at: i64,
    /// The account.
    pub account_id: i64,
    /// Its e-mail.
    pub email: String,
    /// Its last name.
    pub nom: String,
    /// Its first name.
    pub prenom: String,
}

/// A page of the uses of code `discount_id`, newest first, and how many there are.
pub async fn uses_of(
    conn: &mut AnyConnection,
    discount_id: i64,
    limit: i64,
    offset: i64,
) -> Result<(Vec<UseRow>, i64), sqlx::Error> {
    let total: i64 =
        sqlx::query_scalar("SELECT COUNT(*) AS n FROM discount_uses WHERE discount_id = $1")
            .bind(discount_id)
            .fetch_one(&mut *conn)
            .await?;
    let rows = sqlx::query(
        "SELECT u.order_id, o.numero, o.status, u.amount_cents, u.used_at, u.account_id, \
         a.email, a.nom, a.prenom FROM discount_uses u \
         JOIN orders o ON o.id = u.order_id JOIN accounts a ON a.id = u.account_id \
         WHERE u.discount_id = $1 ORDER BY u.used_at DESC, u.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(discount_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    let rows = rows
        .iter()
        .map(UseRow::from_row)
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok((rows, total))
}

/// The e-mail of each account a code is reserved to: `(account_id, email)`.
pub async fn reserved_account_emails(
    conn: &mut AnyConnection,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT DISTINCT a.id, a.email FROM discounts d JOIN accounts a ON a.id = d.account_id",
    )
    .fetch_all(&mut *conn)
    .await
}
