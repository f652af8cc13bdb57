//! Card payment rows: `payment_events` (every provider event received once, unique per provider
//! and event id) and the order a PaymentIntent belongs to (`orders.payment_intent_id`).

use sqlx::{AnyConnection, FromRow, Row};

/// What the webhook needs to know of the order a PaymentIntent pays.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrderToPay {
    /// `orders.id`.
    pub id: i64,
    /// `CO-2026-000005`.
    pub numero: String,
    /// Current status (`en attente de paiement`, ...).
    pub status: String,
    /// What the customer owes.
    pub total_ttc_cents: i64,
    /// `virement` or `carte`.
    pub payment_method: String,
}

/// Records an event; `false` when this provider's event id was already recorded (nothing is
/// written then). `order_id` is the order the event paid, if any.
pub async fn record_event(
    conn: &mut AnyConnection,
    provider: &str,
    event_id: &str,
    event_type: &str,
    order_id: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO payment_events (provider, event_id, event_type, order_id, received_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, event_id) DO NOTHING",
    )
    .bind(provider)
    .bind(event_id)
    .bind(event_type)
    .bind(order_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The order whose `payment_intent_id` is `intent_id`.
pub async fn order_for_intent(
    conn: &mut AnyConnection,
    intent_id: &str,
) -> Result<Option<OrderToPay>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, numero, status, total_ttc_cents, payment_method FROM orders \
         WHERE payment_intent_id = $1",
    )
    .bind(intent_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| OrderToPay::from_row(&r)).transpose()
}

/// Links an order to its PaymentIntent (done when the card order is placed).
pub async fn set_payment_intent(
    conn: &mut AnyConnection,
    order_id: i64,
    intent_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE orders SET payment_intent_id = $1 WHERE id = $2")
        .bind(intent_id)
        .bind(order_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The PaymentIntent stored on an order, if any.
pub async fn payment_intent_of(
    conn: &mut AnyConnection,
    order_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT payment_intent_id FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_optional(&mut *conn)
        .await?;
    match row {
        Some(r) => r.try_get("payment_intent_id"),
        None => Ok(None),
    }
}

/// Links an order to its PaymentIntent unless it already has one; false when another request
/// linked one first (the caller then reads that one back).
pub async fn claim_payment_intent(
    conn: &mut AnyConnection,
    order_id: i64,
    intent_id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE orders SET payment_intent_id = $1 WHERE id = $2 AND payment_intent_id IS NULL",
    )
    .bind(intent_id)
    .bind(order_id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
