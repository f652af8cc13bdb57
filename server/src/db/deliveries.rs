//! The `deliveries` table: the parcels of an order (carrier, tracking number and link).

use sqlx::{AnyConnection, FromRow};

/// A parcel.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeliveryRow {
    /// Id.
    pub id: i64,
    /// The order.
    pub order_id: i64,
    /// Its number.
    pub numero: String,
    /// Carrier.
    pub carrier: String,
    /// Tracking number.
    pub tracking_number: String,
    /// Tracking link.
    pub tracking_url: String,
    /// Shipped at.
    pub created_at: i64,
}

const SELECT: &str = "SELECT d.id, d.order_id, o.numero, d.carrier, d.tracking_number, \
     d.tracking_url, d.created_at FROM deliveries d JOIN orders o ON o.id = d.order_id";

/// Records a parcel; returns its id.
pub async fn insert(
    conn: &mut AnyConnection,
    order_id: i64,
    carrier: &str,
    tracking_number: &str,
    tracking_url: &str,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO deliveries (order_id, carrier, tracking_number, tracking_url, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(order_id)
    .bind(carrier)
    .bind(tracking_number)
    .bind(tracking_url)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// The parcels of an order, oldest first.
pub async fn for_order(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Vec<DeliveryRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE d.order_id = $1 ORDER BY d.id");
    let rows = sqlx::query(&sql).bind(order_id).fetch_all(conn).await?;
    rows.iter().map(DeliveryRow::from_row).collect()
}

/// The parcels of an account's orders, newest first.
pub async fn for_account(
    conn: &mut AnyConnection,
    account_id: i64,
) -> Result<Vec<DeliveryRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE o.account_id = $1 ORDER BY d.id DESC");
    let rows = sqlx::query(&sql).bind(account_id).fetch_all(conn).await?;
    rows.iter().map(DeliveryRow::from_row).collect()
}
