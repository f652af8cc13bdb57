//! The order state machine through `PUT Commande/{id}/statut` (admin): every illegal transition
//! refused with a French 409 and never applied; "payée" issues the invoice FA-YYYY-NNNNNN (50
//! concurrent payments: numbers 1..50, no gap, no duplicate); "annulée" after payment issues the
//! credit note that references it.

use serde_json::Value;
use server::commerce::order_status::{OrderStatus, ALL};
use server::db::accounts::Role;

use crate::helpers::{spawn_app, TestApp, TestClient};

const SNAPSHOT: &str = r#"{"idAdresse":1,"idPays":{"code":"fr","name":"France"},"ville":"Lyon","codePostal":"69003","rue":"12 rue de la Part-Dieu","complement":"","nom":"Dupont","prenom":"Jeanne","tel":"+33612345678","entreprise":null}"#;

/// Inserts an order of `account` with one line, waiting for payment; returns its id.
pub(crate) async fn insert_order(app: &TestApp, account: i64, n: i64) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
         billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, discount_cents, \
         shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, reverse_charge, \
         vat_regime, buyer_vat_number, discount_code, payment_method, catalog_version, \
         cgv_accepted_at, created_at, updated_at) \
         VALUES ($1, $2, 'en attente de paiement', $3, 'client@exemple.fr', $4, $4, 'france', 200, \
         10000, 0, 690, 10690, 2000, 2138, 12828, 0, 'france', '', '', 'virement', 1, 1, 1, 1) \
         RETURNING id",
    )
    .bind(format!("CO-2026-{n:06}"))
    .bind(account)
    .bind(format!("cle-{n}"))
    .bind(SNAPSHOT)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    id
}

async fn set_status(c: &TestClient, id: i64, statut: &str) -> (u16, Value) {
    let res = c.set_order_status(id, statut).await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn stored_status(app: &TestApp, id: i64) -> String {
    sqlx::query_scalar("SELECT status FROM orders WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// Brings a new order to `status` along the legal path.
async fn order_at(
    app: &TestApp,
    admin: &TestClient,
    account: i64,
    n: i64,
    status: OrderStatus,
) -> i64 {
    use OrderStatus::*;
    let id = insert_order(app, account, n).await;
    let path: &[OrderStatus] = match status {
        AwaitingPayment => &[],
        Paid => &[Paid],
        InProduction => &[Paid, InProduction],
        Shipped => &[Paid, InProduction, Shipped],
        Delivered => &[Paid, InProduction, Shipped, Delivered],
        Cancelled => &[Cancelled],
    };
    for step in path {
        let (code, v) = set_status(admin, id, step.as_str()).await;
        assert_eq!(code, 200, "{v}");
    }
    id
}

#[tokio::test]
async fn every_illegal_transition_is_refused_in_french_and_not_applied() {
    let app = spawn_app().await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let mut n = 0;
    let mut refused = 0;
    for from in ALL {
        for to in ALL {
            if from.can_go_to(to) {
                continue;
            }
            n += 1;
            let id = order_at(&app, &admin, account, n, from).await;
            let (code, v) = set_status(&admin, id, to.as_str()).await;
            assert_eq!(code, 409, "{from:?} -> {to:?}: {v}");
            let m = v["message"].as_str().unwrap();
            assert!(m.contains(to.as_str()), "{m}");
            assert_eq!(stored_status(&app, id).await, from.as_str());
            refused += 1;
        }
    }
    assert_eq!(refused, 29);
    let id = insert_order(&app, account, 1000).await;
    let (code, _) = set_status(&admin, id, "payee").await;
    assert_eq!(code, 400, "unknown spelling");
}

#[tokio::test]
async fn a_payment_issues_a_frozen_invoice_and_a_paid_cancellation_a_credit_note() {
    let app = spawn_app().await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let id = insert_order(&app, account, 1).await;
    let year = server::domain::paris_time::paris_year(server::clock::now());
    let (code, v) = set_status(&admin, id, "payée").await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["statut"], "payée");
    assert_eq!(v["facture"]["numero"], format!("FA-{year}-000001"));
    assert_eq!(
        v["facture"]["url"],
        format!("/api/backend/Commande/{id}/facture.pdf")
    );
    let data: String = sqlx::query_scalar("SELECT data FROM invoices WHERE order_id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let invoice: server::documents::InvoiceData = serde_json::from_str(&data).unwrap();
    assert_eq!(invoice.number, format!("FA-{year}-000001"));
    assert_eq!(invoice.order_number, "CO-2026-000001");
    assert_eq!(invoice.totals.total_ttc.get(), 12828);
    assert_eq!(invoice.buyer.name, "Jeanne Dupont");
    let (code, v) = set_status(&admin, id, "en production").await;
    assert_eq!((code, v["facture"].clone()), (200, Value::Null));
    let res = admin
        .set_order_status_noted(id, "annulée", "Pièce impossible à imprimer")
        .await;
    assert_eq!(res.status(), 200);
    let v: Value = res.json().await.unwrap();
    assert_eq!(v["avoir"]["numero"], format!("AV-{year}-000001"));
    let (reason, data): (String, String) = sqlx::query_as("SELECT reason, data FROM credit_notes")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(reason, "Pièce impossible à imprimer");
    let note: server::documents::CreditNoteData = serde_json::from_str(&data).unwrap();
    assert_eq!(note.invoice_number, format!("FA-{year}-000001"));
    // The invoice is unchanged; an unpaid cancelled order has no credit note.
    let after: String = sqlx::query_scalar("SELECT data FROM invoices WHERE order_id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(after, data_of(&invoice));
    let unpaid = insert_order(&app, account, 2).await;
    let (code, v) = set_status(&admin, unpaid, "annulée").await;
    assert_eq!((code, v["avoir"].clone()), (200, Value::Null));
    let history: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM order_status_history WHERE order_id = $1")
            .bind(id)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(history, 3);
}

fn data_of(invoice: &server::documents::InvoiceData) -> String {
    serde_json::to_string(invoice).unwrap()
}

#[tokio::test]
async fn fifty_concurrent_payments_make_invoices_1_to_50() {
    let app = spawn_app().await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let mut ids = Vec::new();
    for n in 1..=50 {
        ids.push(insert_order(&app, account, n).await);
    }
    let mut set = tokio::task::JoinSet::new();
    for id in ids {
        let c = TestClient {
            http: admin.http.clone(),
            address: admin.address.clone(),
            csrf: admin.csrf.clone(),
        };
        set.spawn(async move { set_status(&c, id, "payée").await });
    }
    for (code, v) in set.join_all().await {
        assert_eq!(code, 200, "{v}");
    }
    let mut seqs: Vec<i64> = sqlx::query_scalar("SELECT seq FROM invoices ORDER BY seq")
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    seqs.dedup();
    assert_eq!(seqs, (1..=50).collect::<Vec<i64>>());
    let numbers: Vec<String> = sqlx::query_scalar("SELECT number FROM invoices ORDER BY seq")
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    let year = server::domain::paris_time::paris_year(server::clock::now());
    assert_eq!(numbers[49], format!("FA-{year}-000050"));
}

#[tokio::test]
async fn only_an_admin_changes_a_status() {
    let app = spawn_app().await;
    let (a, a_id) = app.signed_in("a@exemple.fr", Role::Client).await;
    let id = insert_order(&app, a_id, 1).await;
    assert_eq!(set_status(&a, id, "payée").await.0, 403);
    assert_eq!(set_status(&app.client(), id, "payée").await.0, 401);
    assert_eq!(stored_status(&app, id).await, "en attente de paiement");
}
