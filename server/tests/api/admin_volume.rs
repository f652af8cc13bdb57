//! The admin lists on a real volume: 10,000 orders, each with its invoice, then the first page,
//! a search and a status filter of `GET Commande`, and the first page and a search of
//! `GET Factures`, timed through the proxy. Ignored by default (it fills the database for a
//! minute); run it with
//! `cargo test -p server --test api admin_volume -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::commande_statut::insert_order;
use crate::helpers::{spawn_app, TestClient};

const ORDERS: i64 = 10_000;

async fn timed(admin: &TestClient, path: &str) -> (Duration, Value) {
    let mut best = Duration::MAX;
    let mut body = Value::Null;
    for _ in 0..5 {
        let started = Instant::now();
        let res = admin.proxy("GET", path, None).await;
        assert_eq!(res.status(), 200, "{path}");
        body = res.json().await.unwrap();
        best = best.min(started.elapsed());
    }
    (best, body)
}

#[tokio::test]
#[ignore = "fills the database with 10,000 orders; run with --ignored"]
async fn the_admin_lists_stay_fast_with_ten_thousand_orders() {
    let app = spawn_app().await;
    let (admin, _) = app.signed_in("admin@exemple.fr", Role::Admin).await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    // One invoice issued the real way, its frozen data copied onto the others.
    let first = insert_order(&app, account, 1).await;
    let res = admin
        .proxy(
            "PUT",
            &format!("Commande/{first}/statut"),
            Some(json!({ "statut": "payée" })),
        )
        .await;
    assert_eq!(res.status(), 200);
    let data: String = sqlx::query_scalar("SELECT data FROM invoices WHERE order_id = $1")
        .bind(first)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let started = Instant::now();
    let mut tx = app.db.pool.begin().await.unwrap();
    for n in 2..=ORDERS {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
             billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, \
             discount_cents, shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, \
             total_ttc_cents, reverse_charge, vat_regime, buyer_vat_number, discount_code, \
             payment_method, catalog_version, cgv_accepted_at, created_at, updated_at) \
             SELECT $1, account_id, 'payée', $2, customer_email, billing_address, \
             shipping_address, shipping_zone, weight_g, subtotal_cents, discount_cents, \
             shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, \
             reverse_charge, vat_regime, buyer_vat_number, discount_code, payment_method, \
             catalog_version, cgv_accepted_at, created_at + $3, updated_at FROM orders \
             WHERE id = $4 RETURNING id",
        )
        .bind(format!("CO-2026-{n:06}"))
        .bind(format!("cle-{n}"))
        .bind(n)
        .bind(first)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO invoices (order_id, number, year, seq, issued_at, total_ttc_cents, data) \
             VALUES ($1, $2, 2099, $3, $4, 12828, $5)",
        )
        .bind(id)
        .bind(format!("FA-2099-{n:06}"))
        .bind(n)
        .bind(1_800_000_000 + n)
        .bind(&data)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    eprintln!(
        "{:?}: {ORDERS} orders and invoices inserted in {:?}",
        app.db.backend,
        started.elapsed()
    );
    let cases = [
        ("Commande?page=1&par_page=20", ORDERS),
        ("Commande?page=250&par_page=20", ORDERS),
        ("Commande?q=co-2026-0099", 100),
        (
            "Commande?statut=pay%C3%A9e&q=client%40exemple.fr&par_page=50",
            ORDERS,
        ),
        ("Factures?page=1&par_page=20", ORDERS),
        ("Factures?type=facture&q=fa-2099-00999", 10),
    ];
    for (path, total) in cases {
        let (best, body) = timed(&admin, path).await;
        assert_eq!(body["total"], total, "{path}");
        eprintln!("{:?}: GET {path}: {best:?} (best of 5)", app.db.backend);
        assert!(best < Duration::from_secs(2), "{path} took {best:?}");
    }
}
