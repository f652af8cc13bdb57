//! `GET Admin/Tableau`: the dashboard's counts and the current Paris month's revenue, computed by
//! SQL from known orders, invoices, credit notes and parts.

use serde_json::Value;
use server::clock;
use server::db::accounts::Role;
use server::domain::paris_time::paris_month;

use crate::builders::{an_admin, an_order, insert_order};
use crate::helpers::{exec, spawn_app, TestApp, TestClient};

async fn insert_part(app: &TestApp, account: Option<i64>, status_id: i64, name: &str) {
    exec!(
        app,
        "INSERT INTO parts (account_id, file_name, storage_key, sha256, size_bytes, analysis, \
         status_id, created_at, updated_at) VALUES ($1, $2, 'cle', 'abc', 10, '{}', $3, 1, 1)",
        account,
        name,
        status_id
    );
}

async fn move_to(admin: &TestClient, id: i64, statuses: &[&str]) {
    for s in statuses {
        let res = admin.set_order_status(id, s).await;
        assert_eq!(res.status(), 200, "{id} → {s}");
    }
}

#[tokio::test]
async fn the_dashboard_counts_what_waits_and_the_month_s_net_revenue() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let (_, customer) = app.signed_in("client@exemple.fr", Role::Client).await;

    let empty: Value = admin.get_json("Admin/Tableau").await;
    assert_eq!(empty["pieces_a_verifier"], 0);
    assert_eq!(empty["chiffre_affaires_ttc_cents"], 0);

    // Two customers' parts to review; an anonymous visitor's and an analysed one do not count.
    insert_part(&app, Some(customer), 2, "a.stl").await;
    insert_part(&app, Some(customer), 2, "b.stl").await;
    insert_part(&app, None, 2, "anonyme.stl").await;
    insert_part(&app, Some(customer), 1, "saine.stl").await;

    // Each order: 106,90 € HT, 128,28 € TTC.
    let waiting = insert_order(&app, customer, 1).await;
    let by_card = insert_order(&app, customer, 2).await;
    exec!(
        app,
        "UPDATE orders SET payment_method = 'carte' WHERE id = $1",
        by_card
    );
    let paid = |n| {
        an_order(&app)
            .of_account(customer)
            .number(n)
            .paid()
            .by(&admin)
    };
    let paid_last_month = paid(3).await;
    let _paid = paid(4).await;
    let producing = insert_order(&app, customer, 5).await;
    let cancelled = insert_order(&app, customer, 6).await;
    move_to(&admin, producing, &["payée", "en production"]).await;
    // Paid then cancelled this month: its credit note takes its invoice back.
    move_to(&admin, cancelled, &["payée", "annulée"]).await;
    // The first invoice was issued in the last second of the previous Paris month.
    let (month_start, _, month) = paris_month(clock::now());
    exec!(
        app,
        "UPDATE invoices SET issued_at = $1 WHERE order_id = $2",
        month_start - 1,
        paid_last_month
    );
    let _ = waiting;

    let d = admin.expect(200, "GET", "Admin/Tableau", None).await;
    assert_eq!(d["pieces_a_verifier"], 2, "{d}");
    assert_eq!(d["virements_en_attente"], 1, "{d}");
    assert_eq!(d["commandes_a_produire"], 2, "{d}");
    assert_eq!(d["commandes_a_expedier"], 1, "{d}");
    assert_eq!(d["mois"], month.as_str());
    // Invoices this month: paid, producing, cancelled; less the credit note of cancelled.
    assert_eq!(d["factures_du_mois"], 3, "{d}");
    assert_eq!(d["chiffre_affaires_ttc_cents"], 2 * 12_828, "{d}");
    assert_eq!(d["chiffre_affaires_ht_cents"], 2 * 10_690, "{d}");
}
