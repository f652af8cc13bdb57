//! The order state machine through `PUT Commande/{id}/statut` (admin): every illegal transition
//! refused with a French 409 and never applied; "payée" issues the invoice FA-YYYY-NNNNNN (50
//! concurrent payments: numbers 1..50, no gap, no duplicate); "annulée" after payment issues the
//! credit note that references it.

use serde_json::{json, Value};
use server::commerce::order_status::ALL;

use crate::builders::{a_customer, an_admin, an_order};
use crate::helpers::{scalar, spawn_app, TestApp, TestClient};

async fn set_status(c: &TestClient, id: i64, statut: &str) -> (u16, Value) {
    let res = c.set_order_status(id, statut).await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn stored_status(app: &TestApp, id: i64) -> String {
    scalar!(app, "SELECT status FROM orders WHERE id = $1", id)
}

#[tokio::test]
async fn every_illegal_transition_is_refused_in_french_and_not_applied() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let mut n = 0;
    let mut refused = 0;
    for from in ALL {
        for to in ALL {
            if from.can_go_to(to) {
                continue;
            }
            n += 1;
            let id = an_order(&app).number(n).at(from).by(&admin).await;
            let (code, v) = set_status(&admin, id, to.as_str()).await;
            assert_eq!(code, 409, "{from:?} -> {to:?}: {v}");
            let m = v["message"].as_str().unwrap();
            assert!(m.contains(to.as_str()), "{m}");
            assert_eq!(stored_status(&app, id).await, from.as_str());
            refused += 1;
        }
    }
    assert_eq!(refused, 29);
    let id = an_order(&app).number(1000).await;
    let (code, _) = set_status(&admin, id, "payee").await;
    assert_eq!(code, 400, "unknown spelling");
}

#[tokio::test]
async fn a_payment_issues_a_frozen_invoice_and_a_paid_cancellation_a_credit_note() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let id = an_order(&app).number(1).await;
    let year = server::domain::paris_time::paris_year(server::clock::now());
    let (code, v) = set_status(&admin, id, "payée").await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["statut"], "payée");
    assert_eq!(v["facture"]["numero"], format!("FA-{year}-000001"));
    assert_eq!(
        v["facture"]["url"],
        format!("/api/backend/Commande/{id}/facture.pdf")
    );
    let data: String = scalar!(app, "SELECT data FROM invoices WHERE order_id = $1", id);
    let invoice: server::documents::InvoiceData = serde_json::from_str(&data).unwrap();
    assert_eq!(invoice.number, format!("FA-{year}-000001"));
    assert_eq!(invoice.order_number, "CO-2026-000001");
    assert_eq!(invoice.totals.total_ttc.get(), 12828);
    assert_eq!(invoice.buyer.name, "Jeanne Dupont");
    let (code, v) = set_status(&admin, id, "en production").await;
    assert_eq!((code, v["facture"].clone()), (200, Value::Null));
    let cancel = json!({ "statut": "annulée", "note": "Pièce impossible à imprimer" });
    let v = admin
        .expect(200, "PUT", &format!("Commande/{id}/statut"), Some(cancel))
        .await;
    assert_eq!(v["avoir"]["numero"], format!("AV-{year}-000001"));
    let (reason, data): (String, String) = sqlx::query_as("SELECT reason, data FROM credit_notes")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(reason, "Pièce impossible à imprimer");
    let note: server::documents::CreditNoteData = serde_json::from_str(&data).unwrap();
    assert_eq!(note.invoice_number, format!("FA-{year}-000001"));
    // The invoice is unchanged; an unpaid cancelled order has no credit note.
    let after: String = scalar!(app, "SELECT data FROM invoices WHERE order_id = $1", id);
    assert_eq!(after, data_of(&invoice));
    let unpaid = an_order(&app).number(2).await;
    let (code, v) = set_status(&admin, unpaid, "annulée").await;
    assert_eq!((code, v["avoir"].clone()), (200, Value::Null));
    let history: i64 = scalar!(
        app,
        "SELECT COUNT(*) FROM order_status_history WHERE order_id = $1",
        id
    );
    assert_eq!(history, 3);
}

fn data_of(invoice: &server::documents::InvoiceData) -> String {
    serde_json::to_string(invoice).unwrap()
}

#[tokio::test]
async fn fifty_concurrent_payments_make_invoices_1_to_50() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let mut ids = Vec::new();
    for n in 1..=50 {
        ids.push(an_order(&app).number(n).await);
    }
    let mut set = tokio::task::JoinSet::new();
    for id in ids {
        let c = admin.client.clone();
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
    let a = a_customer(&app).await;
    let id = an_order(&app).of(&a).await;
    assert_eq!(set_status(&a, id, "payée").await.0, 403);
    assert_eq!(set_status(&app.client(), id, "payée").await.0, 401);
    assert_eq!(stored_status(&app, id).await, "en attente de paiement");
}
