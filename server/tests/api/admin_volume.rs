//! The admin lists on a real volume: 10,000 orders, each with its invoice, then the first page,
//! a search and a status filter of `GET Commande`, and the first page and a search of
//! `GET Factures`, and the first and last pages of the customer's orders
//! `GET Admin/Comptes/{id}/Commandes`, timed through the proxy; 50,000 parts, then the pages and a search of the
//! review queue `GET Pieces/ForReview`, the account search and an account's parts. Ignored by
//! default (it fills the database for a minute); run it with
//! `cargo test -p server --test api admin_volume -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use serde_json::Value;
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, insert_order, open_cube};
use crate::helpers::{exec, scalar, spawn_app, TestClient};

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

/// What a measured request's answer must satisfy.
type Check = Box<dyn Fn(&Value) -> bool>;
#[tokio::test]
#[ignore = "fills the database with 10,000 orders; run with --ignored"]
async fn the_admin_lists_stay_fast_with_ten_thousand_orders() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let account = app.create_account("client@exemple.fr", Role::Client).await;
    // One invoice issued the real way, its frozen data copied onto the others.
    let first = insert_order(&app, account, 1).await;
    let res = admin.set_order_status(first, "payée").await;
    assert_eq!(res.status(), 200);
    let data: String = scalar!(app, "SELECT data FROM invoices WHERE order_id = $1", first);
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
        ("Commande?page=1&par_page=20".to_owned(), ORDERS),
        ("Commande?page=250&par_page=20".to_owned(), ORDERS),
        ("Commande?q=co-2026-0099".to_owned(), 100),
        (
            "Commande?statut=pay%C3%A9e&q=client%40exemple.fr&par_page=50".to_owned(),
            ORDERS,
        ),
        ("Factures?page=1&par_page=20".to_owned(), ORDERS),
        ("Factures?type=facture&q=fa-2099-00999".to_owned(), 10),
        // The customer's own orders on the admin's account page, newest first.
        (format!("Admin/Comptes/{account}/Commandes"), ORDERS),
        (
            format!("Admin/Comptes/{account}/Commandes?page=500"),
            ORDERS,
        ),
    ];
    for (path, total) in cases {
        let (best, body) = timed(&admin, &path).await;
        assert_eq!(body["total"], total, "{path}");
        if path.starts_with("Admin/Comptes") {
            let items = body["items"].as_array().unwrap();
            assert_eq!(items.len(), 20, "{path}");
            // Page 1 starts with the newest order, the last page ends with the first one.
            let (row, numero) = if path.ends_with("Commandes") {
                (&items[0], format!("CO-2026-{ORDERS:06}"))
            } else {
                (&items[19], "CO-2026-000001".to_owned())
            };
            assert_eq!(row["numero"], numero.as_str(), "{path}");
        }
        eprintln!("{:?}: GET {path}: {best:?} (best of 5)", app.db.backend);
        assert!(best < Duration::from_secs(2), "{path} took {best:?}");
    }
}

const PARTS: i64 = 50_000;
const SEEDED_ACCOUNTS: i64 = 2_000;

/// Runs one seeding statement, with its binds, in `tx`.
async fn seed(tx: &mut sqlx::AnyConnection, sql: &str, binds: &[i64]) {
    let mut q = sqlx::query(sql);
    for b in binds {
        q = q.bind(*b);
    }
    q.execute(&mut *tx).await.unwrap();
}

/// Rows 1..=$1 of a recursive count, the seed of the bulk inserts below.
const COUNT_TO: &str =
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)";

#[tokio::test]
#[ignore = "fills the database with 50,000 parts; run with --ignored"]
async fn the_admin_part_lists_stay_fast_with_fifty_thousand_parts() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    // One real part (an open cube, waiting for a review) of the customer who will own a tenth
    // of the others; its row is copied onto them.
    let customer = a_customer(&app)
        .email("gros-client@exemple.fr")
        .with_basket(open_cube())
        .await;
    let first = customer.part();
    let big: i64 = scalar!(app, "SELECT account_id FROM parts WHERE id = $1", first);
    let started = Instant::now();
    let mut tx = app.db.pool.begin().await.unwrap();
    // 2,000 more accounts (names with accents, as real ones).
    seed(
        &mut tx,
        &format!(
            "INSERT INTO accounts (email, password_hash, nom, prenom, role, email_verified, \
             two_factor_enabled, created_at, updated_at) {COUNT_TO} \
             SELECT 'client' || n.i || '@exemple.fr', a.password_hash, 'Lefèvre' || n.i, \
             CASE WHEN n.i % 2 = 0 THEN 'Élodie' ELSE 'Jérôme' END, 'client', 1, 0, \
             a.created_at - n.i, a.updated_at FROM n, accounts a WHERE a.id = $2"
        ),
        &[SEEDED_ACCOUNTS, big],
    )
    .await;
    let first_seeded: i64 =
        sqlx::query_scalar("SELECT MIN(id) FROM accounts WHERE email LIKE 'client%'")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    // 49,999 parts: one in ten the big customer's, the others spread over the 2,000 accounts;
    // one in fifty waiting for a review (1,000), the rest analysed or validated.
    seed(
        &mut tx,
        &format!(
            "INSERT INTO parts (account_id, file_name, storage_key, sha256, size_bytes, analysis, \
             options, status_id, review_note, review_reasons, review_request, created_at, \
             updated_at) {COUNT_TO} \
             SELECT CASE WHEN n.i % 10 = 0 THEN p.account_id ELSE $3 + n.i % $4 END, \
             'piece-' || n.i || '.stl', p.storage_key, p.sha256, p.size_bytes, p.analysis, \
             p.options, CASE WHEN n.i % 50 = 0 THEN 2 WHEN n.i % 2 = 0 THEN 3 ELSE 1 END, '', \
             p.review_reasons, '', p.created_at - $1 + n.i, p.updated_at \
             FROM n, parts p WHERE p.id = $2"
        ),
        &[PARTS - 1, first, first_seeded, SEEDED_ACCOUNTS],
    )
    .await;
    // Each part's history: the analysis's row, and the admin's decision for validated ones.
    seed(
        &mut tx,
        "INSERT INTO part_status_history (part_id, status_id, comment, actor_account_id, \
         created_at) SELECT id, CASE WHEN status_id = 3 THEN 1 ELSE status_id END, \
         review_reasons, NULL, created_at FROM parts WHERE id <> $1",
        &[first],
    )
    .await;
    let admin_id: i64 =
        sqlx::query_scalar("SELECT id FROM accounts WHERE email = 'admin@exemple.fr'")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    seed(
        &mut tx,
        "INSERT INTO part_status_history (part_id, status_id, comment, actor_account_id, \
         created_at) SELECT id, 3, 'Vérifiée', $1, created_at + 60 FROM parts WHERE status_id = 3",
        &[admin_id],
    )
    .await;
    // An order of the big customer with 50 of its parts.
    let order = sqlx::query_scalar::<_, i64>(
        "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
         billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, \
         discount_cents, shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, \
         reverse_charge, vat_regime, buyer_vat_number, discount_code, payment_method, \
         catalog_version, cgv_accepted_at, created_at, updated_at) \
         VALUES ('CO-2026-000001', $1, 'payée', 'cle-1', 'gros-client@exemple.fr', '{}', '{}', \
         'france', 200, 10000, 0, 690, 10690, 2000, 2138, 12828, 0, 'france', '', '', \
         'virement', 1, 1, 1, 1) RETURNING id",
    )
    .bind(big)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    seed(
        &mut tx,
        "INSERT INTO order_lines (order_id, part_id, position, designation, quantite, \
         unit_price_cents, line_total_cents) SELECT $1, id, id, file_name, 1, 200, 200 \
         FROM parts WHERE account_id = $2 AND id > $3 AND id <= $3 + 500",
        &[order, big, first],
    )
    .await;
    tx.commit().await.unwrap();
    // `VOLUME_ANALYZE=1`: the planner's statistics, as autovacuum gathers them on a live
    // database (a freshly filled one has none; docs/benchmarks.md gives both).
    if std::env::var("VOLUME_ANALYZE").is_ok() {
        exec!(app, "ANALYZE");
    }
    let total: i64 = scalar!(app, "SELECT COUNT(*) FROM parts");
    assert_eq!(total, PARTS);
    eprintln!(
        "{:?}: {PARTS} parts, their history and {SEEDED_ACCOUNTS} accounts inserted in {:?}",
        app.db.backend,
        started.elapsed()
    );
    let big_parts = PARTS / 10;
    let page_of = |len: usize, total: i64| -> Check {
        Box::new(move |v: &Value| {
            v["items"].as_array().map(Vec::len) == Some(len) && v["total"] == total
        })
    };
    let cases: [(&str, Check); 9] = [
        ("Pieces/ForReview", page_of(20, 1_000)),
        ("Pieces/ForReview?page=50", page_of(20, 1_000)),
        ("Pieces/ForReview?par_page=100", page_of(100, 1_000)),
        ("Pieces/ForReview?q=piece-49950", page_of(1, 1)),
        ("Pieces/AllStatus", Box::new(|v| v.as_array().is_some())),
        ("Admin/Tableau", Box::new(|v| v.is_object())),
        ("Admin/Comptes?q=gros-client", Box::new(|v| v["total"] == 1)),
        (
            "Admin/Comptes?q=j%C3%A9r%C3%B4me&page=3",
            Box::new(|v| v["total"] == SEEDED_ACCOUNTS / 2),
        ),
        (
            "Admin/Comptes?q=lef%C3%A8vre1999",
            Box::new(|v| v["total"] == 1),
        ),
    ];
    for (path, check) in cases {
        let (best, body) = timed(&admin, path).await;
        assert!(
            check(&body),
            "{path}: {}",
            &body.to_string()[..300.min(body.to_string().len())]
        );
        eprintln!("{:?}: GET {path}: {best:?} (best of 5)", app.db.backend);
        assert!(best < Duration::from_secs(2), "{path} took {best:?}");
    }
    let path = format!("Admin/Comptes/{big}");
    let (best, body) = timed(&admin, &path).await;
    assert_eq!(body["compte"]["id"], big);
    eprintln!(
        "{:?}: GET {path} (the account of {big_parts} parts): {best:?} (best of 5)",
        app.db.backend
    );
    let last = big_parts / 20;
    for query in [String::new(), format!("?page={last}")] {
        let path = format!("Admin/Comptes/{big}/Pieces{query}");
        let (best, body) = timed(&admin, &path).await;
        assert_eq!(body["total"], big_parts, "{path}");
        assert_eq!(body["items"].as_array().unwrap().len(), 20, "{path}");
        eprintln!("{:?}: GET {path}: {best:?} (best of 5)", app.db.backend);
        assert!(best < Duration::from_secs(2), "{path} took {best:?}");
    }
    let path = format!("Pieces/ByCommande/{order}");
    let (best, body) = timed(&customer, &path).await;
    assert_eq!(body.as_array().unwrap().len(), 50);
    eprintln!(
        "{:?}: GET {path} (50 parts, as the customer): {best:?} (best of 5)",
        app.db.backend
    );
}
