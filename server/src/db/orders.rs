//! The `orders`, `order_lines` and `order_status_history` tables, and the basket read and emptied
//! inside the order's transaction. Every function takes the caller's connection or transaction.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, FromRow};

/// What an order's confirmation needs.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrderHead {
    /// `id_commande`.
    pub id: i64,
    /// `CO-2026-000005`.
    pub numero: String,
    /// Owner.
    pub account_id: i64,
    /// Status, spelled as docs/commerce-api.md.
    pub status: String,
    /// Total incl. VAT, cents.
    pub total_ttc_cents: i64,
    /// `virement` or `carte`.
    pub payment_method: String,
}

const HEAD: &str =
    "SELECT id, numero, account_id, status, total_ttc_cents, payment_method FROM orders";

/// The account's order placed with this idempotency key.
pub async fn find_by_key(
    conn: &mut AnyConnection,
    account_id: i64,
    key: &str,
) -> Result<Option<OrderHead>, sqlx::Error> {
    let sql = format!("{HEAD} WHERE account_id = $1 AND idempotency_key = $2");
    let row = sqlx::query(&sql)
        .bind(account_id)
        .bind(key)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(OrderHead::from_row).transpose()
}

/// A new order row.
#[derive(Debug, Clone)]
pub struct NewOrder<'a> {
    /// `CO-2026-000005`.
    pub numero: &'a str,
    /// Owner.
    pub account_id: i64,
    /// First status.
    pub status: &'a str,
    /// The `Idempotency-Key` header.
    pub idempotency_key: &'a str,
    /// The account's e-mail.
    pub customer_email: &'a str,
    /// JSON snapshot of the billing address.
    pub billing_address: &'a str,
    /// JSON snapshot of the delivery address.
    pub shipping_address: &'a str,
    /// `france`, `ue`, `monde`.
    pub shipping_zone: &'a str,
    /// Parcel weight, g.
    pub weight_g: i64,
    /// Σ lines.
    pub subtotal_cents: i64,
    /// Discount.
    pub discount_cents: i64,
    /// Shipping.
    pub shipping_cents: i64,
    /// Total excl. VAT.
    pub total_ht_cents: i64,
    /// VAT rate, bp.
    pub vat_rate_bp: i64,
    /// VAT.
    pub vat_cents: i64,
    /// Total incl. VAT.
    pub total_ttc_cents: i64,
    /// `france`, `intracommunautaire`, `export` (`autoliquidation` on older orders).
    pub vat_regime: &'a str,
    /// Buyer's VAT number of an intra-EU supply.
    pub buyer_vat_number: &'a str,
    /// VIES consultation number of an intra-EU supply.
    pub vies_request_identifier: &'a str,
    /// When VIES gave it.
    pub vies_checked_at: Option<i64>,
    /// What the customer was told about the VAT (VIES silent or invalid), else empty.
    pub vat_notice: &'a str,
    /// Discount used.
    pub discount_id: Option<i64>,
    /// Its code.
    pub discount_code: &'a str,
    /// `virement` or `carte`.
    pub payment_method: &'a str,
    /// The buyer's own reference (purchase-order number), empty when not given.
    pub buyer_reference: &'a str,
    /// Catalog version the lines were priced with.
    pub catalog_version: i64,
    /// When the order was placed (terms accepted then).
    pub now: i64,
}

/// Inserts the order and returns its id. A second order with the same account and key violates
/// the unique (account_id, idempotency_key) index.
pub async fn insert(conn: &mut AnyConnection, o: &NewOrder<'_>) -> Result<i64, sqlx::Error> {
    // `reverse_charge` (0) is the column of the regime no longer decided (docs/decisions.md).
    sqlx::query_scalar(
        "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
         billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, discount_cents, \
         shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, reverse_charge, \
         vat_regime, buyer_vat_number, discount_id, discount_code, payment_method, catalog_version, \
         cgv_accepted_at, created_at, updated_at, vies_request_identifier, vies_checked_at, \
         vat_notice, buyer_reference) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 0, $17, \
         $18, $19, $20, $21, $22, $23, $23, $23, $24, $25, $26, $27) RETURNING id",
    )
    .bind(o.numero)
    .bind(o.account_id)
    .bind(o.status)
    .bind(o.idempotency_key)
    .bind(o.customer_email)
    .bind(o.billing_address)
    .bind(o.shipping_address)
    .bind(o.shipping_zone)
    .bind(o.weight_g)
    .bind(o.subtotal_cents)
    .bind(o.discount_cents)
    .bind(o.shipping_cents)
    .bind(o.total_ht_cents)
    .bind(o.vat_rate_bp)
    .bind(o.vat_cents)
    .bind(o.total_ttc_cents)
    .bind(o.vat_regime)
    .bind(o.buyer_vat_number)
    .bind(o.discount_id)
    .bind(o.discount_code)
    .bind(o.payment_method)
    .bind(o.catalog_version)
    .bind(o.now)
    .bind(o.vies_request_identifier)
    .bind(o.vies_checked_at)
    .bind(o.vat_notice)
    .bind(o.buyer_reference)
    .fetch_one(conn)
    .await
}

/// What the customer was told about the VAT of the order `id` at checkout (empty: nothing).
pub async fn vat_notice(conn: &mut AnyConnection, id: i64) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("SELECT vat_notice FROM orders WHERE id = $1")
        .bind(id)
        .fetch_one(conn)
        .await
}

/// One line of a new order.
#[derive(Debug, Clone)]
pub struct NewLine<'a> {
    /// The part.
    pub part_id: i64,
    /// Position from 1.
    pub position: i64,
    /// As printed.
    pub designation: &'a str,
    /// JSON: options, dimensions, weight.
    pub details: &'a str,
    /// Number of parts.
    pub quantite: i64,
    /// Price of one part, cents.
    pub unit_price_cents: i64,
    /// Line total excl. VAT.
    pub line_total_cents: i64,
}

/// Inserts a line of the order.
pub async fn insert_line(
    conn: &mut AnyConnection,
    order_id: i64,
    l: &NewLine<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_lines (order_id, part_id, position, designation, details, quantite, \
         unit_price_cents, line_total_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(order_id)
    .bind(l.part_id)
    .bind(l.position)
    .bind(l.designation)
    .bind(l.details)
    .bind(l.quantite)
    .bind(l.unit_price_cents)
    .bind(l.line_total_cents)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a status change (or the first status, `from` = `None`).
pub async fn insert_status(
    conn: &mut AnyConnection,
    order_id: i64,
    from: Option<&str>,
    to: &str,
    note: &str,
    actor: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_status_history (order_id, from_status, to_status, note, actor_account_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(order_id)
    .bind(from)
    .bind(to)
    .bind(note)
    .bind(actor)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Number of orders of an account (tests and the account page).
pub async fn count_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) AS n FROM orders WHERE account_id = $1")
        .bind(account_id)
        .fetch_one(conn)
        .await
}

/// Everything stored about an order (what its invoice prints).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    /// Head.
    #[sqlx(flatten)]
    pub head: OrderHead,
    /// The account's e-mail at ordering.
    pub customer_email: String,
    /// JSON snapshot of the billing address.
    pub billing_address: String,
    /// JSON snapshot of the delivery address.
    pub shipping_address: String,
    /// Σ lines.
    pub subtotal_cents: i64,
    /// Discount.
    pub discount_cents: i64,
    /// Code of the discount.
    pub discount_code: String,
    /// Shipping.
    pub shipping_cents: i64,
    /// Total excl. VAT.
    pub total_ht_cents: i64,
    /// VAT rate, bp.
    pub vat_rate_bp: i64,
    /// VAT.
    pub vat_cents: i64,
    /// `france`, `intracommunautaire`, `export` (`autoliquidation` on older orders).
    pub vat_regime: String,
    /// Buyer's VAT number of an intra-EU supply (or of a reverse charge, on older orders).
    pub buyer_vat_number: String,
    /// VIES consultation number of an intra-EU supply.
    pub vies_request_identifier: String,
    /// When VIES gave it.
    pub vies_checked_at: Option<i64>,
    /// What the customer was told about the VAT at checkout, else empty.
    pub vat_notice: String,
    /// The buyer's own reference (purchase-order number), empty when not given.
    pub buyer_reference: String,
    /// Placed at.
    pub created_at: i64,
    /// Paid at.
    pub paid_at: Option<i64>,
    /// Ship date (`AAAA-MM-JJ`), fixed when paid.
    pub ship_date: Option<String>,
    /// Delivery zone of the shipping fee (`france`, `ue`, `monde`).
    pub shipping_zone: String,
    /// Due date of the invoice of an order on payment terms (its invoice is issued at ordering).
    pub due_at: Option<i64>,
    /// When the transfer of an order on payment terms was received.
    pub settled_at: Option<i64>,
}

/// The order `id`; `lock` is `Db::for_update()` (the row stays locked on PostgreSQL until the
/// transaction ends, so that two payments of one order run one after the other).
pub async fn find_row(
    conn: &mut AnyConnection,
    id: i64,
    lock: &str,
) -> Result<Option<OrderRow>, sqlx::Error> {
    let sql = format!(
        "SELECT id, numero, account_id, status, total_ttc_cents, payment_method, customer_email, \
         billing_address, shipping_address, subtotal_cents, discount_cents, discount_code, \
         shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, vat_regime, buyer_vat_number, \
         vies_request_identifier, vies_checked_at, vat_notice, buyer_reference, \
         created_at, paid_at, ship_date, shipping_zone, due_at, settled_at FROM orders WHERE id = $1{lock}"
    );
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.map(|r| OrderRow::from_row(&r)).transpose()
}

/// A stored line.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LineRow {
    /// The part.
    pub part_id: i64,
    /// As printed.
    pub designation: String,
    /// Number of parts.
    pub quantite: i64,
    /// Price of one part.
    pub unit_price_cents: i64,
    /// Line total excl. VAT.
    pub line_total_cents: i64,
}

/// The lines of an order, in position order.
pub async fn lines(conn: &mut AnyConnection, order_id: i64) -> Result<Vec<LineRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT part_id, designation, quantite, unit_price_cents, line_total_cents \
         FROM order_lines WHERE order_id = $1 ORDER BY position",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(LineRow::from_row).collect()
}

/// A line of an order as it is ordered again: its part, options and quantity, and what it cost.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReorderLine {
    /// The part.
    pub part_id: i64,
    /// As printed.
    pub designation: String,
    /// The line's details JSON (`options`, the options it was priced with).
    pub details: String,
    /// Number of parts.
    pub quantite: i64,
    /// Line total excl. VAT then.
    pub line_total_cents: i64,
}

/// The lines of the order `order_id` of `account_id` to put in the basket again, in position
/// order; empty when the order is not the account's (or has no lines).
pub async fn reorder_lines(
    conn: &mut AnyConnection,
    order_id: i64,
    account_id: i64,
) -> Result<Vec<ReorderLine>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT l.part_id, l.designation, l.details, l.quantite, l.line_total_cents \
         FROM order_lines l JOIN orders o ON o.id = l.order_id \
         WHERE l.order_id = $1 AND o.account_id = $2 ORDER BY l.position",
    )
    .bind(order_id)
    .bind(account_id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(ReorderLine::from_row).collect()
}

/// Sets the status (and `paid_at` when given).
pub async fn set_status(
    conn: &mut AnyConnection,
    id: i64,
    status: &str,
    paid_at: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE orders SET status = $1, paid_at = COALESCE($2, paid_at), updated_at = $3 WHERE id = $4",
    )
    .bind(status)
    .bind(paid_at)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The working days of each line of the order, as stored at ordering (`details` → `delai_jours`;
/// a line without them counts for none).
pub async fn line_lead_times(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<u32>, sqlx::Error> {
    let details: Vec<String> =
        sqlx::query_scalar("SELECT details FROM order_lines WHERE order_id = $1")
            .bind(order_id)
            .fetch_all(conn)
            .await?;
    Ok(details
        .iter()
        .filter_map(|d| serde_json::from_str::<serde_json::Value>(d).ok())
        .filter_map(|v| v.get("delai_jours")?.as_u64())
        .filter_map(|n| u32::try_from(n).ok())
        .collect())
}

/// Fixes the ship date (`AAAA-MM-JJ`) of the order `id`.
/// The ship date of order `id` (`AAAA-MM-JJ`), `None` until it is paid (or unknown order).
pub async fn ship_date(conn: &mut AnyConnection, id: i64) -> Result<Option<String>, sqlx::Error> {
    let date: Option<Option<String>> =
        sqlx::query_scalar("SELECT ship_date FROM orders WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(date.flatten())
}

pub async fn set_ship_date(
    conn: &mut AnyConnection,
    id: i64,
    ship_date: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET ship_date = $1 WHERE id = $2")
        .bind(ship_date)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

const ROW: &str =
    "SELECT id, numero, account_id, status, total_ttc_cents, payment_method, customer_email, \
     billing_address, shipping_address, subtotal_cents, discount_cents, discount_code, \
     shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, vat_regime, buyer_vat_number, \
     vies_request_identifier, vies_checked_at, vat_notice, buyer_reference, \
     created_at, paid_at, ship_date, shipping_zone, due_at, settled_at FROM orders";

fn order_row(r: &AnyRow) -> Result<OrderRow, sqlx::Error> {
    OrderRow::from_row(r)
}

/// The account's orders, newest first.
pub async fn list_for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<OrderRow>, sqlx::Error> {
    let sql = format!("{ROW} WHERE account_id = $1 ORDER BY id DESC");
    let rows = sqlx::query(&sql).bind(account_id).fetch_all(conn).await?;
    rows.iter().map(order_row).collect()
}

/// `%q%` for a case-insensitive `LIKE ... ESCAPE '\'`, with `%`, `_` and `\` taken literally.
pub fn like_pattern(q: &str) -> String {
    let escaped = q
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// SQL condition: the order aliased `o` matches the `LIKE` pattern bound as `p` (from
/// [`like_pattern`]) on its number, the buyer's own reference (accented capitals folded), the
/// customer's e-mail at ordering, the account's name (first name first or last name first,
/// accented capitals folded: [`super::fold`]) or one of the account's companies. The account and
/// company lookups are uncorrelated, so that each table is searched once, not once per order.
pub fn order_matches(o: &str, p: &str) -> String {
    format!(
        "(LOWER({o}.numero) LIKE {p} ESCAPE '\\' \
         OR {reference} LIKE {p} ESCAPE '\\' \
         OR LOWER({o}.customer_email) LIKE {p} ESCAPE '\\' \
         OR {o}.account_id IN (SELECT ac.id FROM accounts ac \
            WHERE {first_last} LIKE {p} ESCAPE '\\' \
               OR {last_first} LIKE {p} ESCAPE '\\') \
         OR {o}.account_id IN (SELECT co.account_id FROM companies co \
            WHERE {company} LIKE {p} ESCAPE '\\'))",
        first_last = super::fold::lower("ac.prenom || ' ' || ac.nom"),
        last_first = super::fold::lower("ac.nom || ' ' || ac.prenom"),
        company = super::fold::lower("co.nom_entreprise"),
        reference = super::fold::lower(&format!("{o}.buyer_reference")),
    )
}

/// A page of every order, newest first (or by ship date, `by_ship_date`), filtered by exact status and by a search on the number,
/// the buyer's reference, the customer's e-mail, name or company (case-insensitive, see
/// [`order_matches`]); returns the page and the total count.
pub async fn search(
    conn: &mut AnyConnection,
    status: Option<&str>,
    q: Option<&str>,
    by_ship_date: bool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
    let pattern = q.map(like_pattern);
    let filter = format!(
        "WHERE ($1 IS NULL OR status = $1) AND ($2 IS NULL OR {})",
        order_matches("orders", "$2")
    );
    let count_sql = format!("SELECT COUNT(*) AS n FROM orders {filter}");
    let total: i64 = sqlx::query_scalar(&count_sql)
        .bind(status)
        .bind(pattern.as_deref())
        .fetch_one(&mut *conn)
        .await?;
    // By ship date: the earliest first, orders without a date (not paid) last; `AAAA-MM-JJ`
    // text sorts as the dates do, on both databases.
    let order = if by_ship_date {
        "CASE WHEN ship_date IS NULL THEN 1 ELSE 0 END, ship_date, id DESC"
    } else {
        "id DESC"
    };
    let sql = format!("{ROW} {filter} ORDER BY {order} LIMIT $3 OFFSET $4");
    let rows = sqlx::query(&sql)
        .bind(status)
        .bind(pattern.as_deref())
        .bind(limit)
        .bind(offset)
        .fetch_all(conn)
        .await?;
    Ok((rows.iter().map(order_row).collect::<Result<_, _>>()?, total))
}

/// One entry of an order's status history.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HistoryRow {
    /// Status before (`None` for the first).
    #[sqlx(rename = "from_status")]
    pub from: Option<String>,
    /// Status after.
    #[sqlx(rename = "to_status")]
    pub to: String,
    /// Note.
    pub note: String,
    /// When.
    #[sqlx(rename = "created_at")]
    pub at: i64,
}

/// Sets the buyer's own reference of the order `id` (empty: none).
pub async fn set_buyer_reference(
    conn: &mut AnyConnection,
    id: i64,
    reference: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET buyer_reference = $1, updated_at = $2 WHERE id = $3")
        .bind(reference)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The status history of an order, oldest first.
pub async fn history(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<HistoryRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT from_status, to_status, note, created_at FROM order_status_history \
         WHERE order_id = $1 ORDER BY id",
    )
    .bind(order_id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(HistoryRow::from_row).collect()
}

/// Locks the account's row for the rest of the transaction (`lock` is `Db::for_update()`), so that
/// the checkouts of one account run one after the other on PostgreSQL; on SQLite the transaction
/// already is the only writer.
pub async fn lock_account(
    conn: &mut AnyConnection,
    account_id: i64,
    lock: &str,
) -> Result<(), sqlx::Error> {
    let sql = format!("SELECT id FROM accounts WHERE id = $1{lock}");
    sqlx::query(&sql)
        .bind(account_id)
        .fetch_optional(conn)
        .await?;
    Ok(())
}
