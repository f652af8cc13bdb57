//! The world of the RGPD tests: a customer with every kind of data the site keeps (names, an
//! address with a company, a part in the basket with its file and review history, a quote PDF,
//! a delivered order with its invoice and parcel, a cancelled order with its credit note, an
//! unpaid order, a contact message, sessions), strings that appear nowhere else in the world
//! ([`NEEDLES`]), and a scan of every table of the database for them.

use reqwest::Method;
use serde_json::{json, Value};
use sqlx::{Column, Row};

use crate::builders::{a_customer, an_admin, an_order, cube, order_body, place, User};
use crate::helpers::{scalar, solve_captcha, TestApp};

/// The customer's e-mail.
pub const EMAIL: &str = "zebulonne.rgpd@exemple.fr";
/// Strings only the customer's personal data hold (e-mail, names, street, town, phone).
pub const NEEDLES: [&str; 7] = [
    EMAIL,
    "Quintessenza",
    "Zébulonne",
    "Tilleuls-Secrets",
    "Vraiville",
    "98 76 54 32",
    "98765432",
];

/// What [`prepared_customer`] made.
pub struct Prepared {
    /// The customer, signed in.
    pub customer: User,
    /// An admin, signed in.
    pub admin: User,
    /// The delivered order (invoiced).
    pub delivered: i64,
    /// The cancelled order (invoice and credit note).
    pub cancelled: i64,
    /// The unpaid order.
    pub unpaid: i64,
    /// The part in the basket.
    pub part: i64,
    /// The quote's number.
    pub quote: String,
}

/// The customer of the module's comment.
pub async fn prepared_customer(app: &TestApp) -> Prepared {
    let admin = an_admin(app).await;
    let c = a_customer(app).email(EMAIL).with_basket(cube()).await;
    c.expect(
        200,
        "PUT",
        "Comptes",
        Some(json!({ "nom": "Quintessenza", "prenom": "Zébulonne" })),
    )
    .await;
    let address = c
        .expect(
            201,
            "POST",
            "Adresses",
            Some(json!({
                "idPays": "fr", "ville": "Vraiville", "codePostal": "69003",
                "rue": "7 impasse des Tilleuls-Secrets", "complement": "Bâtiment B",
                "nom": "Quintessenza", "prenom": "Zébulonne", "tel": "06 98 76 54 32",
                "nom_entreprise": "Atelier Zébulonne",
            })),
        )
        .await["idAdresse"]
        .as_i64()
        .unwrap();
    let part = c.part();
    // The part's review history: an admin validates it.
    admin
        .expect(
            200,
            "PUT",
            "Pieces/status",
            Some(json!({ "Id_Piece": part, "Id_Status": 3 })),
        )
        .await;
    // A quote of the basket, kept as handed out.
    let res = c
        .send_json(Method::POST, "/api/backend/Devis/pdf", None)
        .await;
    assert_eq!(res.status(), 200);
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    let quote = disposition
        .trim_start_matches("attachment; filename=\"")
        .trim_end_matches(".pdf\"")
        .to_owned();
    // The basket ordered, paid, made, shipped and delivered.
    let (status, order) = place(&c, Some("rgpd-1"), order_body(address)).await;
    assert_eq!(status, 201, "{order}");
    let delivered = order["id_commande"].as_i64().unwrap();
    for step in ["payée", "en production"] {
        assert_eq!(admin.set_order_status(delivered, step).await.status(), 200);
    }
    admin
        .expect(
            201,
            "POST",
            &format!("Commande/{delivered}/Livraisons"),
            Some(json!({ "transporteur": "Colissimo", "numero_suivi": "6A12345678901" })),
        )
        .await;
    assert_eq!(
        admin.set_order_status(delivered, "livrée").await.status(),
        200
    );
    // The part back in the basket.
    c.expect(
        200,
        "POST",
        "ComptePiece",
        Some(json!({ "Id_Piece": part, "Quantite": 2 })),
    )
    .await;
    let cancelled = an_order(app).of(&c).paid().by(&admin).await;
    assert_eq!(
        admin.set_order_status(cancelled, "annulée").await.status(),
        200
    );
    let unpaid = an_order(app).of(&c).await;
    // A message through the contact form, from the account's address.
    let altcha = solve_captcha(&c).await;
    let res = c
        .send_json(
            Method::POST,
            "/api/contact",
            Some(json!({
                "nom": "Zébulonne Quintessenza", "email": EMAIL, "sujet": "Ma commande",
                "message": "Bonjour, je suis Zébulonne et j'habite à Vraiville.", "altcha": altcha,
            })),
        )
        .await;
    assert_eq!(res.status(), 201);
    Prepared {
        customer: c,
        admin,
        delivered,
        cancelled,
        unpaid,
        part,
        quote,
    }
}

/// The tables of the database (the migrations' bookkeeping aside).
pub async fn tables(app: &TestApp) -> Vec<String> {
    let sql = if app.database_url.starts_with("postgres") {
        "SELECT table_name::text AS name FROM information_schema.tables \
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name"
    } else {
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         ORDER BY name"
    };
    let names: Vec<String> = sqlx::query_scalar(sql)
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    names
        .into_iter()
        .filter(|n| n != "_sqlx_migrations")
        .collect()
}

/// Every `(table, column, value)` of the database holding one of [`NEEDLES`] (case-insensitive),
/// text and binary columns alike.
pub async fn needles_found(app: &TestApp) -> Vec<String> {
    let mut found = Vec::new();
    for table in tables(app).await {
        let rows = sqlx::query(&format!("SELECT * FROM {table}"))
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
        for row in rows {
            for (i, column) in row.columns().iter().enumerate() {
                let text = match row.try_get::<Option<String>, _>(i) {
                    Ok(v) => v.unwrap_or_default(),
                    Err(_) => match row.try_get::<Option<Vec<u8>>, _>(i) {
                        Ok(v) => String::from_utf8_lossy(&v.unwrap_or_default()).into_owned(),
                        Err(_) => continue,
                    },
                };
                let lower = text.to_lowercase();
                for needle in NEEDLES {
                    if lower.contains(&needle.to_lowercase()) {
                        found.push(format!("{table}.{}: {needle}", column.name()));
                    }
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// How many rows `table` has for the account (`account_id` column).
pub async fn rows_of(app: &TestApp, table: &str, account: i64) -> i64 {
    scalar!(
        app,
        &format!("SELECT COUNT(*) FROM {table} WHERE account_id = $1"),
        account
    )
}

/// `true` when `v` is a non-empty JSON array.
pub fn non_empty(v: &Value) -> bool {
    v.as_array().is_some_and(|a| !a.is_empty())
}
