//! Card payment helpers of the tests: localstripe (a stateful Stripe stand-in, PyPI `localstripe`)
//! started per test on a free port of 127.0.0.1 by `tests/localstripe_server.py`, its webhook
//! registration, card confirmations through its API, and orders awaiting a card payment.

use std::time::Duration;

use serde_json::Value;
use server::clock;
use server::db::accounts::Role;
use sqlx::Row;

use crate::helpers::{exec, spawn_app_with, TestApp};
use crate::partners::Partner;

/// Secret key the tests give the server and localstripe.
pub const SECRET_KEY: &str = "sk_test_forme_additive";
/// Publishable key.
pub const PUBLISHABLE_KEY: &str = "pk_test_forme_additive";
/// Webhook signing secret.
pub const WEBHOOK_SECRET: &str = "whsec_forme_additive_test";

/// A running localstripe.
pub struct LocalStripe {
    /// Kept for its drop, which stops the script.
    _partner: Partner,
    /// Port it listens on (127.0.0.1).
    pub port: u16,
    http: reqwest::Client,
}

/// The path of Stripe's webhook on the server.
pub const WEBHOOK: &str = "/api/payment/stripe/webhook";

/// The server with Stripe configured against `api_base`.
pub async fn app_with_stripe(api_base: &str) -> TestApp {
    let base = api_base.to_owned();
    spawn_app_with(move |s| {
        s.stripe_secret_key = Some(SECRET_KEY.into());
        s.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
        s.stripe_publishable_key = Some(PUBLISHABLE_KEY.into());
        s.stripe_js_url = format!("{base}/js.stripe.com/v3/");
        s.stripe_api_base = base;
    })
    .await
}

/// localstripe, and the server using it with its webhook registered there.
pub async fn app_on_localstripe() -> (LocalStripe, TestApp) {
    let stripe = LocalStripe::start();
    let app = app_with_stripe(&stripe.base()).await;
    let webhook = format!("{}{WEBHOOK}", app.address);
    stripe.register_webhook(&webhook).await;
    (stripe, app)
}

impl LocalStripe {
    /// Starts localstripe on a free port. Panics with the fix when it is not installed.
    pub fn start() -> LocalStripe {
        let fix = "python3 -m pip install localstripe";
        let partner = Partner::start("localstripe_server.py", &[], fix);
        LocalStripe {
            port: partner.port,
            _partner: partner,
            http: reqwest::Client::new(),
        }
    }

    /// Its address, the server's `STRIPE_API_BASE`.
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Sends Stripe's events to `url`, signed with [`WEBHOOK_SECRET`].
    pub async fn register_webhook(&self, url: &str) {
        let res = self
            .http
            .post(format!("{}/_config/webhooks/forme_additive", self.base()))
            .form(&[("url", url), ("secret", WEBHOOK_SECRET)])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "webhook registration");
    }

    /// A call of the Stripe API with the secret key; returns the JSON answer.
    pub async fn api(&self, method: reqwest::Method, path: &str, form: &[(&str, &str)]) -> Value {
        let res = self
            .http
            .request(method, format!("{}{path}", self.base()))
            .bearer_auth(SECRET_KEY)
            .form(form)
            .send()
            .await
            .unwrap();
        let status = res.status();
        let body: Value = res.json().await.unwrap();
        assert!(status.is_success(), "{path}: {status} {body}");
        body
    }

    /// Pays a PaymentIntent with a test card, as the customer's browser would through Stripe.js:
    /// a PaymentMethod for the card, attached to the intent, then the confirmation.
    pub async fn pay_with_card(&self, intent_id: &str, number: &str) -> Value {
        let pm = self
            .api(
                reqwest::Method::POST,
                "/v1/payment_methods",
                &[
                    ("type", "card"),
                    ("card[number]", number),
                    ("card[exp_month]", "12"),
                    ("card[exp_year]", "2030"),
                    ("card[cvc]", "123"),
                ],
            )
            .await;
        let pm_id = pm["id"].as_str().unwrap();
        let path = format!("/v1/payment_intents/{intent_id}");
        self.api(reqwest::Method::POST, &path, &[("payment_method", pm_id)])
            .await;
        self.api(reqwest::Method::POST, &format!("{path}/confirm"), &[])
            .await
    }
}

/// Inserts an order awaiting payment for a new customer; returns its id.
pub async fn order_awaiting_payment(
    app: &TestApp,
    email: &str,
    numero: &str,
    total_ttc_cents: i64,
    method: &str,
) -> i64 {
    let account = app.create_account(email, Role::Client).await;
    let now = clock::now();
    exec!(
        app,
        "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
         billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, \
         total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, vat_regime, payment_method, \
         catalog_version, cgv_accepted_at, created_at, updated_at) \
         VALUES ($1, $2, 'en attente de paiement', $3, $4, '{}', '{}', 'france', 100, $5, $5, \
         2000, 0, $6, 'france', $7, 1, $8, $8, $8)",
        numero,
        account,
        format!("key-{numero}"),
        email,
        total_ttc_cents * 5 / 6,
        total_ttc_cents,
        method,
        now
    );
    sqlx::query("SELECT id FROM orders WHERE numero = $1")
        .bind(numero)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("id")
}

/// The `(event_id, event_type, order_id)` rows of `payment_events`, oldest first.
pub async fn payment_events(app: &TestApp) -> Vec<(String, String, Option<i64>)> {
    sqlx::query("SELECT event_id, event_type, order_id FROM payment_events ORDER BY id")
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get("event_id"), r.get("event_type"), r.get("order_id")))
        .collect()
}

/// Waits (up to 15 s) for a recorded event of this type; returns the rows then.
pub async fn wait_for_event(app: &TestApp, kind: &str) -> Vec<(String, String, Option<i64>)> {
    for _ in 0..150 {
        let rows = payment_events(app).await;
        if rows.iter().any(|(_, t, _)| t == kind) {
            return rows;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "no {kind} event recorded; have {:?}",
        payment_events(app).await
    );
}

/// The rows of `payment_events` once one `payment_intent.succeeded` is recorded.
pub type Events = Vec<(String, String, Option<i64>)>;

/// Waits for the one recorded `payment_intent.succeeded`: its event id, its order, and every
/// event recorded by then.
pub async fn the_succeeded_payment(app: &TestApp) -> (String, Option<i64>, Events) {
    let rows = wait_for_event(app, "payment_intent.succeeded").await;
    let mut paid = rows
        .iter()
        .filter(|(_, t, _)| t == "payment_intent.succeeded");
    let (event, _, order) = paid.next().unwrap();
    assert!(paid.next().is_none(), "one succeeded payment: {rows:?}");
    (event.clone(), *order, rows.clone())
}
