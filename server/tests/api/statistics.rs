//! `GET Statistiques` (admin): figures by Paris month over a period, computed by SQL on known rows
//! inserted here; paid orders count in the month of their payment in Paris, cancelled ones never;
//! orders placed by creation date; quotes are the PDF quotes; shares by process and material.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::an_admin;
use crate::helpers::{exec, scalar, spawn_app, TestApp};

const SNAPSHOT: &str = r#"{"idAdresse":1,"idPays":{"code":"fr","name":"France"},"ville":"Lyon","codePostal":"69003","rue":"1 rue A","complement":"","nom":"Dupont","prenom":"Jeanne","tel":"+33612345678","entreprise":null}"#;

/// `2026-03-10T12:00:00Z` as Unix seconds.
fn at(iso: &str) -> i64 {
    iso.parse::<jiff::Timestamp>().unwrap().as_second()
}

async fn insert_part(app: &TestApp, created_at: i64) -> i64 {
    scalar!(
        app,
        "INSERT INTO parts (file_name, storage_key, sha256, size_bytes, analysis, created_at, \
         updated_at) VALUES ('p.stl', 'k', 's', 1, '{}', $1, $1) RETURNING id",
        created_at
    )
}

struct Order<'a> {
    n: i64,
    status: &'a str,
    total_ht: i64,
    created: i64,
    paid: Option<i64>,
    /// (process, material, line total, quantity)
    lines: &'a [(&'a str, Option<&'a str>, i64, i64)],
}

async fn insert_order(app: &TestApp, account: i64, part: i64, o: &Order<'_>) {
    let id: i64 = scalar!(
        app,
        "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
         billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, \
         total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, vat_regime, payment_method, \
         catalog_version, cgv_accepted_at, created_at, updated_at, paid_at) \
         VALUES ($1, $2, $3, $4, 'c@exemple.fr', $5, $5, 'france', 100, $6, $6, 2000, 0, $6, \
         'france', 'virement', 1, $7, $7, $7, $8) RETURNING id",
        format!("CO-2026-{:06}", o.n),
        account,
        o.status,
        format!("cle-{}", o.n),
        SNAPSHOT,
        o.total_ht,
        o.created,
        o.paid
    );
    for (i, (process, material, total, qty)) in o.lines.iter().enumerate() {
        let details = json!({ "options": { "process": process, "material": material } });
        exec!(
            app,
            "INSERT INTO order_lines (order_id, part_id, position, designation, details, \
             quantite, unit_price_cents, line_total_cents) VALUES ($1, $2, $3, 'p', $4, $5, 1, $6)",
            id,
            part,
            i as i64 + 1,
            details.to_string(),
            *qty,
            *total
        );
    }
}

async fn insert_quote(app: &TestApp, account: i64, seq: i64, issued_at: i64) {
    exec!(
        app,
        "INSERT INTO quotes (number, account_id, year, seq, issued_at, valid_until, \
         total_ttc_cents, data) VALUES ($1, $2, 2026, $3, $4, $4, 100, '{}')",
        format!("DE-2026-{seq:06}"),
        account,
        seq,
        issued_at
    );
}

/// Known rows around March and April 2026 (Paris summer time starts on 29 March).
async fn known_data(app: &TestApp, account: i64) {
    let part = insert_part(app, at("2026-01-05T10:00:00Z")).await;
    let orders = [
        // Paid at 00:30 on 1 April in Paris: April.
        Order {
            n: 1,
            status: "payée",
            total_ht: 10_000,
            created: at("2026-03-20T10:00:00Z"),
            paid: Some(at("2026-03-31T22:30:00Z")),
            lines: &[("SLS", None, 6000, 2), ("SLA", None, 4000, 1)],
        },
        Order {
            n: 2,
            status: "expédiée",
            total_ht: 5001,
            created: at("2026-03-09T10:00:00Z"),
            paid: Some(at("2026-03-10T12:00:00Z")),
            lines: &[("SLS", Some("PA12"), 5001, 1)],
        },
        // Paid, then cancelled: placed in March, never revenue.
        Order {
            n: 3,
            status: "annulée",
            total_ht: 7777,
            created: at("2026-03-11T10:00:00Z"),
            paid: Some(at("2026-03-11T11:00:00Z")),
            lines: &[("SLS", None, 7777, 1)],
        },
        // Placed in April, not paid.
        Order {
            n: 4,
            status: "en attente de paiement",
            total_ht: 999,
            created: at("2026-04-02T10:00:00Z"),
            paid: None,
            lines: &[("SLA", None, 999, 1)],
        },
        // Placed in February, paid at 00:30 on 1 March in Paris: March.
        Order {
            n: 5,
            status: "payée",
            total_ht: 3000,
            created: at("2026-02-27T10:00:00Z"),
            paid: Some(at("2026-02-28T23:30:00Z")),
            lines: &[("SLA", None, 3000, 3)],
        },
        // Paid after the period.
        Order {
            n: 6,
            status: "payée",
            total_ht: 4444,
            created: at("2026-05-01T10:00:00Z"),
            paid: Some(at("2026-04-30T22:30:00Z")),
            lines: &[("SLS", None, 4444, 1)],
        },
    ];
    for o in &orders {
        insert_order(app, account, part, o).await;
    }
    for (seq, iso) in [
        (1, "2026-02-28T22:59:59Z"),
        (2, "2026-02-28T23:00:00Z"),
        (3, "2026-03-15T09:00:00Z"),
        (4, "2026-04-30T21:59:59Z"),
    ] {
        insert_quote(app, account, seq, at(iso)).await;
    }
    for iso in [
        "2026-03-01T08:00:00Z",
        "2026-03-31T21:59:59Z",
        "2026-03-31T22:00:00Z",
        "2026-04-30T22:00:00Z",
    ] {
        insert_part(app, at(iso)).await;
    }
}

#[tokio::test]
async fn the_figures_of_march_and_april_2026_are_exact() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let customer = app.create_account("client@exemple.fr", Role::Client).await;
    known_data(&app, customer).await;
    let (status, r) = admin
        .call("GET", "Statistiques?du=2026-03-01&au=2026-04-30", None)
        .await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["du"], "2026-03-01");
    assert_eq!(r["au"], "2026-04-30");
    let month = |m: &Value| {
        (
            m["mois"].as_str().unwrap().to_owned(),
            m["libelle"].as_str().unwrap().to_owned(),
            [
                m["commandes_payees"].as_i64().unwrap(),
                m["chiffre_affaires_ht_cents"].as_i64().unwrap(),
                m["commandes_passees"].as_i64().unwrap(),
                m["devis"].as_i64().unwrap(),
                m["pieces_analysees"].as_i64().unwrap(),
            ],
        )
    };
    let months: Vec<_> = r["mois"].as_array().unwrap().iter().map(month).collect();
    assert_eq!(
        months,
        vec![
            ("2026-03".into(), "mars 2026".into(), [2, 8001, 3, 2, 2]),
            ("2026-04".into(), "avril 2026".into(), [1, 10_000, 1, 1, 1]),
        ]
    );
    assert_eq!(
        r["totaux"],
        json!({ "commandes_payees": 3, "chiffre_affaires_ht_cents": 18_001,
                "panier_moyen_ht_cents": 6000, "commandes_passees": 4, "devis": 3,
                "pieces_analysees": 3, "taux_transformation_bp": 13_333 })
    );
    let shares = |key: &str| -> Vec<(String, i64, i64, i64)> {
        r[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["code"].as_str().unwrap().to_owned(),
                    s["total_ht_cents"].as_i64().unwrap(),
                    s["quantite"].as_i64().unwrap(),
                    s["part_bp"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(
        shares("par_procede"),
        vec![
            ("SLS".into(), 11_001, 3, 6111),
            ("SLA".into(), 7000, 4, 3889)
        ]
    );
    // SLS ordered without a material used its default, PA12: one share with the one named.
    let materials = shares("par_matiere");
    assert_eq!(materials[0], ("SLS · PA12".into(), 11_001, 3, 6111));
    assert_eq!(materials[1].1, 7000);
    assert!(r["par_procede"][0]["libelle"]
        .as_str()
        .unwrap()
        .contains("SLS"));
}

#[tokio::test]
async fn one_day_and_an_empty_period_answer_their_own_figures() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let customer = app.create_account("client@exemple.fr", Role::Client).await;
    known_data(&app, customer).await;
    // 1 April in Paris: order 1 only.
    let (_, r) = admin
        .call("GET", "Statistiques?du=2026-04-01&au=2026-04-01", None)
        .await;
    assert_eq!(r["totaux"]["commandes_payees"], 1);
    assert_eq!(r["totaux"]["chiffre_affaires_ht_cents"], 10_000);
    assert_eq!(r["totaux"]["commandes_passees"], 0);
    let (_, r) = admin
        .call("GET", "Statistiques?du=2025-01-01&au=2025-02-15", None)
        .await;
    assert_eq!(r["mois"].as_array().unwrap().len(), 2);
    assert_eq!(r["totaux"]["panier_moyen_ht_cents"], 0);
    assert_eq!(r["totaux"]["taux_transformation_bp"], Value::Null);
    assert_eq!(r["par_procede"], json!([]));
}

#[tokio::test]
async fn a_bad_period_is_refused_in_french() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    for (query, needle) in [
        (
            "du=2026-02-30",
            "«\u{a0}du\u{a0}» doit être une date valide",
        ),
        ("au=demain", "«\u{a0}au\u{a0}» doit être une date valide"),
        (
            "du=2026-05-01&au=2026-04-01",
            "La date de début doit précéder la date de fin.",
        ),
        ("du=2020-01-01&au=2026-01-01", "36\u{a0}mois au plus"),
    ] {
        let (status, v) = admin
            .call("GET", &format!("Statistiques?{query}"), None)
            .await;
        assert_eq!(status, 400, "{query}: {v}");
        assert!(
            v["errors"][0].as_str().unwrap().contains(needle),
            "{query}: {v}"
        );
    }
}
