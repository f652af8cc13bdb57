//! What a verified Stripe event does: every event is recorded once in `payment_events` (a
//! repeated delivery changes nothing), and a `payment_intent.succeeded` whose PaymentIntent, as
//! Stripe itself reports it, pays an order awaiting a card payment, in full and in euros, names
//! that order to be marked paid in the same transaction.

use serde::Deserialize;
use sqlx::AnyConnection;

use super::client::PaymentIntent;
use crate::db::payments::{self, OrderToPay};
use crate::domain::Cents;

/// Path of the webhook, to register in Stripe's dashboard (outside `/api/backend`: Stripe
/// calls it directly, and it is checked by its signature, not by CSRF).
pub const WEBHOOK_PATH: &str = "/api/payment/stripe/webhook";

/// `payment_events.provider` of Stripe's events.
pub const PROVIDER: &str = "stripe";
/// The event that pays an order.
pub const SUCCEEDED: &str = "payment_intent.succeeded";
/// The order status a payment moves an order from.
pub const AWAITING_PAYMENT: &str = "en attente de paiement";

/// A Stripe event (the fields the shop reads).
#[derive(Debug, Clone, Deserialize)]
pub struct Event {
    /// `evt_...`, unique per event; Stripe sends the same id again when it retries.
    pub id: String,
    /// `payment_intent.succeeded`, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// The object the event is about.
    pub data: EventData,
}

/// `data` of an event.
#[derive(Debug, Clone, Deserialize)]
pub struct EventData {
    /// The object (a PaymentIntent for `payment_intent.*`).
    pub object: serde_json::Value,
}

impl Event {
    /// Reads an event from the raw body (after its signature was checked).
    pub fn parse(payload: &[u8]) -> Result<Event, serde_json::Error> {
        let event: Event = serde_json::from_slice(payload)?;
        if event.id.is_empty() || event.kind.is_empty() {
            return Err(serde::de::Error::custom("event without id or type"));
        }
        Ok(event)
    }

    /// The PaymentIntent id of a `payment_intent.*` event.
    pub fn payment_intent_id(&self) -> Option<&str> {
        if !self.kind.starts_with("payment_intent.") {
            return None;
        }
        self.data.object.get("id")?.as_str()
    }
}

/// What applying an event decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied {
    /// This event was already recorded: nothing changed.
    Duplicate,
    /// Recorded; this kind of event changes no order.
    Recorded,
    /// Recorded; the order is paid by card and must be marked paid in the same transaction.
    MarkPaid {
        /// `orders.id`.
        order_id: i64,
        /// `orders.numero`.
        numero: String,
        /// The PaymentIntent that paid it.
        payment_intent_id: String,
        /// The amount received.
        amount: Cents,
    },
    /// Recorded, but it pays no order (unknown intent, wrong amount, order not awaiting a card
    /// payment...): the reason is for the logs.
    Refused(String),
}

/// Whether `intent` (Stripe's copy) pays `order`.
pub fn decide(order: Option<&OrderToPay>, intent: &PaymentIntent) -> Applied {
    if intent.status != "succeeded" {
        return Applied::Refused(format!("PaymentIntent {} is {}", intent.id, intent.status));
    }
    let Some(order) = order else {
        return Applied::Refused(format!("no order has PaymentIntent {}", intent.id));
    };
    if intent.order_id().is_some_and(|id| id != order.id) {
        return Applied::Refused(format!(
            "PaymentIntent {} names order {:?}, stored on order {}",
            intent.id,
            intent.metadata.get("order_id"),
            order.id
        ));
    }
    if order.payment_method != "carte" {
        return Applied::Refused(format!(
            "order {} is paid by {}",
            order.id, order.payment_method
        ));
    }
    if intent.currency != "eur" || intent.amount != order.total_ttc_cents {
        return Applied::Refused(format!(
            "PaymentIntent {} is {} {}, order {} owes {} eur",
            intent.id, intent.amount, intent.currency, order.id, order.total_ttc_cents
        ));
    }
    if order.status != AWAITING_PAYMENT {
        return Applied::Refused(format!("order {} is already {}", order.id, order.status));
    }
    Applied::MarkPaid {
        order_id: order.id,
        numero: order.numero.clone(),
        payment_intent_id: intent.id.clone(),
        amount: Cents(intent.amount),
    }
}

/// Records `event` once and decides what it does, on `conn` (a transaction of
/// [`crate::db::Db::begin`], in which the caller then marks the order paid). `intent` is Stripe's
/// copy of the event's PaymentIntent, read back through the API for `payment_intent.succeeded`.
pub async fn apply_event(
    conn: &mut AnyConnection,
    event: &Event,
    intent: Option<&PaymentIntent>,
    now: i64,
) -> Result<Applied, sqlx::Error> {
    let decision = if event.kind == SUCCEEDED {
        match intent {
            Some(intent) => {
                let order = payments::order_for_intent(conn, &intent.id).await?;
                decide(order.as_ref(), intent)
            }
            None => Applied::Refused(format!("event {} without its PaymentIntent", event.id)),
        }
    } else {
        Applied::Recorded
    };
    let order_id = match &decision {
        Applied::MarkPaid { order_id, .. } => Some(*order_id),
        _ => None,
    };
    if !payments::record_event(conn, PROVIDER, &event.id, &event.kind, order_id, now).await? {
        return Ok(Applied::Duplicate);
    }
    Ok(decision)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> OrderToPay {
        OrderToPay {
            id: 5,
            numero: "CO-2026-000005".into(),
            status: AWAITING_PAYMENT.into(),
            total_ttc_cents: 5526,
            payment_method: "carte".into(),
        }
    }

    fn intent() -> PaymentIntent {
        PaymentIntent {
            id: "pi_1".into(),
            client_secret: None,
            status: "succeeded".into(),
            amount: 5526,
            currency: "eur".into(),
            metadata: [("order_id".to_owned(), "5".to_owned())].into(),
        }
    }

    #[test]
    fn a_succeeded_intent_of_the_right_amount_pays_its_order() {
        assert_eq!(
            decide(Some(&order()), &intent()),
            Applied::MarkPaid {
                order_id: 5,
                numero: "CO-2026-000005".into(),
                payment_intent_id: "pi_1".into(),
                amount: Cents(5526)
            }
        );
    }

    #[test]
    fn anything_else_pays_nothing() {
        let refused =
            |o: Option<&OrderToPay>, i: &PaymentIntent| matches!(decide(o, i), Applied::Refused(_));
        assert!(refused(None, &intent()));
        let mut i = intent();
        i.status = "processing".into();
        assert!(refused(Some(&order()), &i));
        let mut i = intent();
        i.amount = 5525;
        assert!(refused(Some(&order()), &i));
        let mut i = intent();
        i.currency = "usd".into();
        assert!(refused(Some(&order()), &i));
        let mut i = intent();
        i.metadata.insert("order_id".into(), "6".into());
        assert!(refused(Some(&order()), &i));
        let mut o = order();
        o.status = "payée".into();
        assert!(refused(Some(&o), &intent()));
        let mut o = order();
        o.payment_method = "virement".into();
        assert!(refused(Some(&o), &intent()));
    }

    #[test]
    fn an_event_is_read_from_stripe_json() {
        let e = Event::parse(
            br#"{"id":"evt_1","type":"payment_intent.succeeded","api_version":"2017-08-15",
                 "data":{"object":{"id":"pi_9","object":"payment_intent"}}}"#,
        )
        .unwrap();
        assert_eq!(e.payment_intent_id(), Some("pi_9"));
        assert!(Event::parse(br#"{"id":"","type":"x","data":{"object":{}}}"#).is_err());
        assert!(Event::parse(b"not json").is_err());
        let charge = Event::parse(
            br#"{"id":"evt_2","type":"charge.succeeded","data":{"object":{"id":"ch_1"}}}"#,
        )
        .unwrap();
        assert_eq!(charge.payment_intent_id(), None);
    }
}
