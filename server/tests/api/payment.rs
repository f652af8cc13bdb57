//! Card payments: the card is offered only with Stripe's keys; the webhook refuses forged, stale
//! and unsigned events and records a genuine one once; against localstripe, a PaymentIntent made
//! by the server's client, confirmed with a test card, comes back as a signed webhook that names
//! its order, once, and only when it pays the order's exact amount; the customer's "payment
//! received" e-mail then carries the invoice the webhook issued.

use serde_json::{json, Value};
use server::clock;
use server::db::payments;
use server::domain::Cents;
use server::payment::client::{NewIntent, StripeClient, StripeError};
use server::payment::signature;

use crate::builders::a_customer;
use crate::commande_pdf::pdf_text;
use crate::helpers::{spawn_app, TestApp};
use crate::mail_helpers::{attachment, wait_for_files};
use crate::stripe_helpers::{
    app_on_localstripe, app_with_stripe, order_awaiting_payment, payment_events,
    the_succeeded_payment, LocalStripe, SECRET_KEY, WEBHOOK, WEBHOOK_SECRET,
};

fn charge_event(id: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "id": id, "object": "event", "type": "charge.succeeded",
        "data": { "object": { "id": "ch_1", "object": "charge" } }
    }))
    .unwrap()
}

async fn post_event(app: &TestApp, body: &[u8], sig: Option<&str>) -> reqwest::Response {
    let mut req = reqwest::Client::new()
        .post(format!("{}{WEBHOOK}", app.address))
        .header("content-type", "application/json; charset=utf-8")
        .body(body.to_vec());
    if let Some(sig) = sig {
        req = req.header("stripe-signature", sig);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn the_card_is_offered_only_with_stripe_keys() {
    let app = spawn_app().await;
    let c = app.client();
    let body: Value = c
        .get("/api/backend/Commande/Paiement/Config")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body, json!({ "carte": false, "virement": true }));
    let sig = signature::sign(WEBHOOK_SECRET, clock::now(), &charge_event("evt_a"));
    let res = post_event(&app, &charge_event("evt_a"), Some(&sig)).await;
    assert_eq!(res.status(), 404);

    let app = app_with_stripe("http://127.0.0.1:9").await;
    let body: Value = app
        .client()
        .get("/api/backend/Commande/Paiement/Config")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body, json!({ "carte": true, "virement": true }));
}

#[tokio::test]
async fn forged_stale_and_unsigned_events_are_refused_and_a_replay_changes_nothing() {
    // No payment_intent event here: Stripe's API is never called.
    let app = app_with_stripe("http://127.0.0.1:9").await;
    let body = charge_event("evt_forged");
    let now = clock::now();

    let res = post_event(&app, &body, None).await;
    assert_eq!(res.status(), 400);
    let forged = signature::sign("whsec_someone_else", now, &body);
    let res = post_event(&app, &body, Some(&forged)).await;
    assert_eq!(res.status(), 400);
    let message: Value = res.json().await.unwrap();
    assert_eq!(
        message["message"],
        "Signature de l'événement de paiement invalide."
    );
    let stale = signature::sign(WEBHOOK_SECRET, now - 301, &body);
    let res = post_event(&app, &body, Some(&stale)).await;
    assert_eq!(res.status(), 400);
    let message: Value = res.json().await.unwrap();
    assert_eq!(message["message"], "Événement de paiement expiré.");
    let genuine_for_other_body = signature::sign(WEBHOOK_SECRET, now, &charge_event("evt_x"));
    let res = post_event(&app, &body, Some(&genuine_for_other_body)).await;
    assert_eq!(res.status(), 400);
    assert!(payment_events(&app).await.is_empty());

    let genuine = signature::sign(WEBHOOK_SECRET, now, &body);
    let res = post_event(&app, &body, Some(&genuine)).await;
    assert_eq!(res.status(), 200);
    // The same request again (a replay, or Stripe retrying): accepted, nothing recorded twice.
    let res = post_event(&app, &body, Some(&genuine)).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        payment_events(&app).await,
        vec![("evt_forged".into(), "charge.succeeded".into(), None)]
    );

    // A signed-in browser's cookies do not subject Stripe's route to the CSRF token.
    let c = a_customer(&app).email("curieux@example.com").await;
    let other = charge_event("evt_with_cookie");
    let res = c
        .http
        .post(c.url(WEBHOOK))
        .header(
            "stripe-signature",
            signature::sign(WEBHOOK_SECRET, clock::now(), &other),
        )
        .body(other)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(payment_events(&app).await.len(), 2);
}

/// An order, its PaymentIntent made by the server's client, linked to the order.
async fn order_with_intent(
    app: &TestApp,
    client: &StripeClient,
    email: &str,
    numero: &str,
    order_total: i64,
    intent_amount: i64,
) -> (i64, String) {
    let order_id = order_awaiting_payment(app, email, numero, order_total, "carte").await;
    let intent = client
        .create_payment_intent(&NewIntent {
            order_id,
            numero,
            amount: Cents(intent_amount),
        })
        .await
        .unwrap();
    assert_eq!(intent.status, "requires_payment_method");
    assert_eq!(intent.amount, intent_amount);
    assert_eq!(intent.currency, "eur");
    assert_eq!(intent.order_id(), Some(order_id));
    assert!(intent
        .client_secret
        .as_deref()
        .unwrap()
        .starts_with(&format!("{}_secret_", intent.id)));
    let mut conn = app.db.pool.acquire().await.unwrap();
    payments::set_payment_intent(&mut conn, order_id, &intent.id)
        .await
        .unwrap();
    (order_id, intent.id)
}

#[tokio::test]
async fn a_card_payment_on_localstripe_comes_back_as_a_verified_webhook_once() {
    let (stripe, app) = app_on_localstripe().await;
    let client = StripeClient::new(&stripe.base(), SECRET_KEY).unwrap();
    let (order_id, intent_id) = order_with_intent(
        &app,
        &client,
        "carte@example.com",
        "CO-2026-000001",
        5526,
        5526,
    )
    .await;

    let confirmed = stripe.pay_with_card(&intent_id, "4242424242424242").await;
    assert_eq!(confirmed["status"], "succeeded");
    assert_eq!(
        client
            .retrieve_payment_intent(&intent_id)
            .await
            .unwrap()
            .status,
        "succeeded"
    );

    // localstripe signs with the real scheme; the server verified it and linked the order.
    let (event_id, paid, rows) = the_succeeded_payment(&app).await;
    assert_eq!(paid, Some(order_id));

    // The payment received e-mail (file outbox here) has the invoice the webhook issued.
    let invoice = format!(
        "FA-{}-000001",
        server::domain::paris_time::paris_year(clock::now())
    );
    let mails = wait_for_files(&app.dir.path().join("data/outbox"), 1).await;
    let (_, pdf) = mails
        .iter()
        .find_map(|m| attachment(m, &format!("{invoice}.pdf")))
        .expect("the invoice attached to the payment received e-mail");
    if let Some(text) = pdf_text(&pdf) {
        assert!(
            text.contains(&invoice) && text.contains("55,26 €"),
            "{text}"
        );
    }

    // The same genuine event delivered again (freshly signed, as a retry is): nothing twice.
    let event = stripe
        .api(reqwest::Method::GET, &format!("/v1/events/{event_id}"), &[])
        .await;
    let body = serde_json::to_vec(&event).unwrap();
    let sig = signature::sign(WEBHOOK_SECRET, clock::now(), &body);
    let res = post_event(&app, &body, Some(&sig)).await;
    assert_eq!(res.status(), 200);
    let again = payment_events(&app).await;
    assert_eq!(again.iter().filter(|(id, _, _)| *id == event_id).count(), 1);
    assert_eq!(again.len(), rows.len());

    // A forged copy of it (another secret) is refused.
    let forged = signature::sign("whsec_forged", clock::now(), &body);
    assert_eq!(post_event(&app, &body, Some(&forged)).await.status(), 400);
}

#[tokio::test]
async fn a_payment_that_is_not_the_order_total_pays_nothing() {
    let (stripe, app) = app_on_localstripe().await;
    let client = StripeClient::new(&stripe.base(), SECRET_KEY).unwrap();
    let (_, intent_id) = order_with_intent(
        &app,
        &client,
        "moins@example.com",
        "CO-2026-000002",
        5526,
        5000,
    )
    .await;
    stripe.pay_with_card(&intent_id, "4242424242424242").await;

    let (_, paid, _) = the_succeeded_payment(&app).await;
    assert_eq!(paid, None, "a short payment names no order");
}

#[tokio::test]
async fn stripe_errors_are_typed_with_french_messages() {
    let stripe = LocalStripe::start();
    let client = StripeClient::new(&stripe.base(), SECRET_KEY).unwrap();
    let err = client
        .create_payment_intent(&NewIntent {
            order_id: 1,
            numero: "CO-2026-000001",
            amount: Cents(0),
        })
        .await
        .unwrap_err();
    assert!(
        matches!(&err, StripeError::Api { status: 400, kind, .. } if kind == "invalid_request_error"),
        "{err:?}"
    );
    assert!(err.user_message().contains("indisponible"));
    let err = client
        .retrieve_payment_intent("pi_unknown")
        .await
        .unwrap_err();
    assert!(
        matches!(err, StripeError::Api { status: 404, .. }),
        "{err:?}"
    );

    let wrong_key = StripeClient::new(&stripe.base(), "not_a_key").unwrap();
    let err = wrong_key.retrieve_payment_intent("pi_x").await.unwrap_err();
    assert!(
        matches!(err, StripeError::Api { status: 401, .. }),
        "{err:?}"
    );

    drop(stripe);
    let gone = StripeClient::new("http://127.0.0.1:9", SECRET_KEY).unwrap();
    let err = gone.retrieve_payment_intent("pi_x").await.unwrap_err();
    assert!(matches!(err, StripeError::Network(_)), "{err:?}");
    assert!(err.user_message().contains("ne répond pas"));
}
