//! A card order from end to end against localstripe: `POST Commande` with `modePaiement: "carte"`
//! creates the order and its PaymentIntent (a retry of the key gets the same one back), the
//! customer's card confirms it, localstripe's signed `payment_intent.succeeded` marks the order
//! paid with its invoice in one transaction, and the same event again changes nothing.

use serde_json::{json, Value};
use server::clock;
use server::payment::signature;
use sqlx::Row;

use crate::builders::{a_customer, order_body, place};
use crate::helpers::TestApp;
use crate::stripe_helpers::{
    app_on_localstripe, payment_events, the_succeeded_payment, PUBLISHABLE_KEY, WEBHOOK,
    WEBHOOK_SECRET,
};

/// `(status, invoice numbers)` of the order.
async fn status_and_invoices(app: &TestApp, order_id: i64) -> (String, Vec<String>) {
    let status: String = sqlx::query("SELECT status FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("status");
    let invoices = sqlx::query("SELECT number FROM invoices WHERE order_id = $1 ORDER BY id")
        .bind(order_id)
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.get("number"))
        .collect();
    (status, invoices)
}

#[tokio::test]
async fn a_card_order_is_paid_by_localstripe_s_webhook_with_one_invoice() {
    let (stripe, app) = app_on_localstripe().await;
    let c = a_customer(&app)
        .email("carte@exemple.fr")
        .ready_to_order()
        .await;
    let mut body = order_body(c.address());
    body["modePaiement"] = json!("carte");

    let (status, o) = place(&c, Some("carte-1"), body.clone()).await;
    assert_eq!(status, 201, "{o}");
    assert_eq!(o["statut"], "en attente de paiement");
    assert_eq!(o["paiement"]["mode"], "carte");
    assert_eq!(o["paiement"]["publishable_key"], PUBLISHABLE_KEY);
    assert_eq!(
        o["paiement"]["stripe_js_url"],
        format!("{}/js.stripe.com/v3/", stripe.base())
    );
    let secret = o["paiement"]["clientSecret"].as_str().unwrap().to_owned();
    let intent_id = secret.split("_secret_").next().unwrap().to_owned();
    assert!(intent_id.starts_with("pi_"), "{secret}");
    let order_id = o["id_commande"].as_i64().unwrap();
    let stored: Option<String> = sqlx::query("SELECT payment_intent_id FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("payment_intent_id");
    assert_eq!(stored.as_deref(), Some(intent_id.as_str()));
    let intent = stripe
        .api(
            reqwest::Method::GET,
            &format!("/v1/payment_intents/{intent_id}"),
            &[],
        )
        .await;
    assert_eq!(intent["amount"], o["total_ttc_cents"]);
    assert_eq!(intent["currency"], "eur");

    // The same key again: the same order and the same PaymentIntent, no second one.
    let (status, again) = place(&c, Some("carte-1"), body).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id_commande"], o["id_commande"]);
    assert_eq!(again["paiement"]["clientSecret"], secret.as_str());
    assert_eq!(status_and_invoices(&app, order_id).await.1.len(), 0);

    // The customer's browser confirms with a test card; only the webhook pays the order.
    let before = clock::now();
    let confirmed = stripe.pay_with_card(&intent_id, "4242424242424242").await;
    assert_eq!(confirmed["status"], "succeeded");
    let (event_id, paid, rows) = the_succeeded_payment(&app).await;
    assert_eq!(paid, Some(order_id));
    // The ship date is fixed by the payment: the cube's 7 working days from the instant it came
    // (by the server's real clock, so either side of a cut-off crossed meanwhile).
    let ship_date: Option<String> = sqlx::query("SELECT ship_date FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("ship_date");
    let calendar = quote_core::Catalog::default_catalog().calendar;
    let at = |t: i64| {
        quote_core::calendar::ship_date(&calendar, t, 7)
            .unwrap()
            .to_string()
    };
    let ship_date = ship_date.expect("a ship date once paid");
    assert!(
        [at(before), at(clock::now())].contains(&ship_date),
        "{ship_date}"
    );
    let mine: Vec<Value> = c.get_json("Commande/mes-commandes").await;
    assert_eq!(mine[0]["expedition"], ship_date.as_str());
    let year = server::domain::paris_time::paris_year(clock::now());
    let (status, invoices) = status_and_invoices(&app, order_id).await;
    assert_eq!(status, "payée");
    assert_eq!(invoices, vec![format!("FA-{year}-000001")]);
    let history: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM order_status_history WHERE order_id = $1 AND to_status = 'payée'",
    )
    .bind(order_id)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
    .get("n");
    assert_eq!(history, 1);

    // The same genuine event again (freshly signed, as Stripe's retry is): nothing changes.
    let event: Value = stripe
        .api(reqwest::Method::GET, &format!("/v1/events/{event_id}"), &[])
        .await;
    let raw = serde_json::to_vec(&event).unwrap();
    let sig = signature::sign(WEBHOOK_SECRET, clock::now(), &raw);
    let res = reqwest::Client::new()
        .post(format!("{}{WEBHOOK}", app.address))
        .header("content-type", "application/json")
        .header("stripe-signature", sig)
        .body(raw)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(payment_events(&app).await.len(), rows.len());
    let (status, invoices) = status_and_invoices(&app, order_id).await;
    assert_eq!(status, "payée");
    assert_eq!(invoices, vec![format!("FA-{year}-000001")]);
}
