//! Card payment routes: Stripe's webhook `POST /api/payment/stripe/webhook` (signed by Stripe, no
//! session, no CSRF token) and the controller `GET Commande/Paiement/Config` (is the card offered).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::clock;
use crate::commerce::invoicing::Actor;
use crate::commerce::payments;
use crate::commerce::ship_dates::ShipClock;
use crate::documents::Seller;
use crate::error::ApiError;
use crate::payment::signature::{self, SignatureError};
use crate::payment::webhook::{self, Applied, Event, WEBHOOK_PATH};
use crate::state::AppState;

/// The webhook route (outside `/api/backend`: Stripe calls it directly).
pub fn router() -> Router<AppState> {
    Router::new().route(WEBHOOK_PATH, post(stripe_webhook))
}

/// The payment controller, under `/api/backend`.
pub fn backend_router() -> Router<AppState> {
    Router::new().route("/Commande/Paiement/Config", get(config))
}

/// Handles the `GET Commande/Paiement/Config` route: which payment modes are offered.
pub async fn config(State(state): State<AppState>) -> Json<Value> {
    Json(json!({ "carte": state.payment.is_some(), "virement": true }))
}

/// Handles the `POST /api/payment/stripe/webhook` route: checks Stripe's signature on the raw
/// body, records the event once, and marks the order of a succeeded PaymentIntent paid. Answers
/// 2xx to a repeated event (Stripe then stops retrying), 400 to a forged or stale one, 5xx when
/// Stripe should retry.
pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let Some(stripe) = state.payment.as_ref() else {
        return Err(ApiError::NotFound);
    };
    let header = headers.get(signature::HEADER).and_then(|v| v.to_str().ok());
    let now = clock::now();
    if let Err(e) = signature::verify(
        &stripe.webhook_secret,
        header,
        &body,
        now,
        signature::TOLERANCE_SECS,
    ) {
        tracing::warn!(error = %e, "stripe webhook refused");
        return Err(ApiError::bad_request(match e {
            SignatureError::Stale { .. } => "Événement de paiement expiré.",
            _ => "Signature de l'événement de paiement invalide.",
        }));
    }
    let event = Event::parse(&body).map_err(|e| {
        tracing::warn!(error = %e, "stripe webhook: unreadable event");
        ApiError::bad_request("Événement de paiement illisible.")
    })?;

    // Stripe's own copy of the PaymentIntent decides, read before the transaction starts.
    let intent = match (event.kind.as_str(), event.payment_intent_id()) {
        (webhook::SUCCEEDED, Some(id)) => Some(
            stripe
                .client
                .retrieve_payment_intent(id)
                .await
                .map_err(|e| {
                    ApiError::Internal(anyhow::anyhow!("retrieving PaymentIntent {id}: {e}"))
                })?,
        ),
        _ => None,
    };

    let mut tx = state.db.begin().await?;
    let applied = webhook::apply_event(&mut tx, &event, intent.as_ref(), now).await?;
    match applied {
        Applied::MarkPaid {
            order_id,
            numero,
            payment_intent_id,
            amount,
        } => {
            // The event row, the status change and the invoice commit together or not at all.
            let note = format!("Paiement par carte reçu ({payment_intent_id}).");
            let seller = Seller::from_env(&state.config.settings.brand_name);
            let actor = Actor {
                account_id: None,
                note: &note,
            };
            let catalog = state.catalog();
            let dates = ShipClock {
                catalog: &catalog,
                now: state.dates_now(),
            };
            let recorded = payments::record(
                &mut tx,
                state.db.for_update(),
                order_id,
                actor,
                &seller,
                now,
                dates,
            )
            .await?;
            let change = recorded.commit(tx, state.receipts()).await?;
            tracing::info!(
                order_id,
                %numero,
                %payment_intent_id,
                amount_cents = amount.get(),
                invoice = ?change.invoice,
                "card payment received"
            );
        }
        Applied::Refused(reason) => {
            tracing::warn!(event = %event.id, %reason, "stripe event pays no order");
            tx.commit().await?;
        }
        Applied::Duplicate => {
            tracing::info!(event = %event.id, "stripe event already recorded");
            tx.commit().await?;
        }
        Applied::Recorded => tx.commit().await?,
    }
    Ok(Json(json!({ "received": true })))
}
