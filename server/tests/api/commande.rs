//! The `Commande` controller's shipping fee and summary: totals computed by the server from the
//! basket for B2C France, B2B France, B2B EU (an intra-EU supply, its VIES answer valid) and
//! export outside the EU (vat.rs holds every VAT case); each
//! shipping zone; another account's address answering 404; discount codes in the summary and in
//! the order (a refused code refuses the order; a one-use code is used once by 20 simultaneous
//! orders).

use quote_core::{Catalog, PriceOptions, Unit};
use serde_json::{json, Value};

use crate::builders::{a_customer, address, an_admin, cube, order_body, place, CH, DE, FR};
use crate::devis_helpers::{box_stl, native_line_cents};
use crate::helpers::{exec, scalar, spawn_app, TestApp, TestClient};
use crate::vies_helpers::app_on_vies;

async fn recap(c: &TestClient, delivery: i64, billing: i64) -> Value {
    let body = json!({ "idAdresseLivraison": delivery, "idAdresseFacturation": billing });
    let res = c.proxy("POST", "Commande/Recapitulatif", Some(body)).await;
    let status = res.status();
    let v: Value = res.json().await.unwrap();
    assert_eq!(status, 200, "{v}");
    v
}

fn line_cents() -> i64 {
    let options = PriceOptions {
        quantity: 3,
        ..PriceOptions::default()
    };
    native_line_cents(&box_stl(20.0, 30.0, 40.0), Unit::Mm, &options) as i64
}

fn check_sums(r: &Value) {
    let n = |k: &str| r[k].as_i64().unwrap();
    assert_eq!(
        n("total_ht_cents"),
        n("sous_total_cents") - n("remise_cents") + n("frais_port_cents")
    );
    assert_eq!(n("total_ttc_cents"), n("total_ht_cents") + n("tva_cents"));
    assert_eq!(
        n("tva_cents"),
        server::domain::Cents(n("total_ht_cents"))
            .times_bp(n("tva_taux_bp"))
            .get()
    );
}

#[tokio::test]
async fn a_french_consumer_pays_20_percent_on_goods_and_shipping() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    let r = recap(&c, home, home).await;
    assert_eq!(r["lignes"].as_array().unwrap().len(), 1);
    assert_eq!(r["lignes"][0]["Quantite"], 3);
    assert_eq!(r["lignes"][0]["total_ht_cents"], line_cents());
    assert!(r["lignes"][0]["designation"]
        .as_str()
        .unwrap()
        .starts_with("cube.stl — SLA"));
    assert_eq!(r["sous_total_cents"], line_cents());
    assert_eq!(r["remise_cents"], 0);
    assert_eq!(r["zone"], "france");
    let shipping = Catalog::default_catalog()
        .shipping
        .fee_cents("france", r["poids_g"].as_u64().unwrap())
        .unwrap();
    assert_eq!(r["frais_port_cents"], shipping);
    assert_eq!(r["tva_taux_bp"], 2000);
    assert_eq!(r["intracommunautaire"], false);
    assert_eq!(r["export_hors_ue"], false);
    assert_eq!(r["mention_tva"], Value::Null);
    assert_eq!(r["commandable"], true);
    check_sums(&r);
}

#[tokio::test]
async fn a_french_company_pays_french_vat() {
    let app = spawn_app().await;
    let company = FR.company("Atelier Dupont", "FR40303265045");
    let c = a_customer(&app)
        .with_basket(cube())
        .with_address(company)
        .await;
    let office = c.address();
    let r = recap(&c, office, office).await;
    assert_eq!(r["tva_taux_bp"], 2000);
    assert_eq!(r["intracommunautaire"], false);
    check_sums(&r);
}

#[tokio::test]
async fn an_eu_company_with_a_vies_valid_number_buys_an_intra_eu_supply() {
    let (_vies, app) = app_on_vies().await;
    let company = DE.company("Muster GmbH", "DE123456789");
    let c = a_customer(&app)
        .with_basket(cube())
        .with_address(company)
        .with_address(DE)
        .await;
    let (office, home) = (c.addresses[0], c.addresses[1]);
    let r = recap(&c, office, office).await;
    assert_eq!(r["zone"], "ue");
    assert_eq!(r["tva_taux_bp"], 0);
    assert_eq!(r["tva_cents"], 0);
    assert_eq!(r["intracommunautaire"], true);
    assert_eq!(
        r["mention_tva"],
        "Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire"
    );
    assert_eq!(r["total_ttc_cents"], r["total_ht_cents"]);
    check_sums(&r);
    // The same company delivered in Germany but billed to a German consumer address pays VAT.
    let r = recap(&c, office, home).await;
    assert_eq!(r["tva_taux_bp"], 2000);
    assert_eq!(r["intracommunautaire"], false);
}

#[tokio::test]
async fn a_delivery_outside_the_eu_is_an_export_without_vat() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().with_address(CH).await;
    let (billing, geneva) = (c.addresses[0], c.addresses[1]);
    let r = recap(&c, geneva, billing).await;
    assert_eq!(r["zone"], "monde");
    assert_eq!(r["export_hors_ue"], true);
    assert_eq!(r["tva_cents"], 0);
    assert_eq!(r["mention_tva"], "Exonération de TVA, article 262 I du CGI");
    check_sums(&r);
}

#[tokio::test]
async fn the_shipping_fee_depends_on_the_zone_and_is_the_summary_s() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let mut fees = Vec::new();
    for (country, postcode, zone, libelle) in [
        ("fr", "69003", "france", "France métropolitaine"),
        ("it", "00184", "ue", "Union européenne"),
        ("re", "97400", "monde", "Reste du monde"),
    ] {
        let id = address(&c, country, postcode, None).await;
        let f: Value = c.get_json(&format!("Commande/Frais_Port/{id}")).await;
        assert_eq!(f["zone"], zone);
        assert_eq!(f["zone_libelle"], libelle);
        assert!(f["poids_g"].as_u64().unwrap() > 150, "{f}");
        let r = recap(&c, id, id).await;
        assert_eq!(r["frais_port_cents"], f["frais_port_cents"]);
        assert_eq!(r["poids_g"], f["poids_g"]);
        fees.push(f["frais_port_cents"].as_i64().unwrap());
    }
    assert!(fees[0] < fees[1] && fees[1] < fees[2], "{fees:?}");
}

#[tokio::test]
async fn another_account_s_address_answers_404() {
    let app = spawn_app().await;
    let a = a_customer(&app)
        .email("a@exemple.fr")
        .with_basket(cube())
        .await;
    let b = a_customer(&app).email("b@exemple.fr").await;
    let theirs = address(&b, "fr", "75001", None).await;
    a.expect(404, "GET", &format!("Commande/Frais_Port/{theirs}"), None)
        .await;
    let body = json!({ "idAdresseLivraison": theirs, "idAdresseFacturation": theirs });
    let v = a
        .expect(404, "POST", "Commande/Recapitulatif", Some(body))
        .await;
    assert_eq!(
        v["message"],
        "Cette adresse est introuvable dans votre compte."
    );
}

#[tokio::test]
async fn an_empty_basket_is_not_orderable() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_address(FR).await;
    let home = c.address();
    let r = recap(&c, home, home).await;
    assert_eq!(r["commandable"], false);
    assert_eq!(r["raisons"], json!(["Votre panier est vide."]));
    assert_eq!(r["total_ttc_cents"], 0);
}

async fn basket_len(c: &TestClient) -> usize {
    let res = c.proxy("GET", "ComptePiece", None).await;
    res.json::<Vec<Value>>().await.unwrap().len()
}

#[tokio::test]
async fn an_order_by_bank_transfer_is_numbered_snapshotted_and_empties_the_basket() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    let expected = recap(&c, home, home).await;
    let (status, o) = place(&c, Some("cle-1"), order_body(home)).await;
    assert_eq!(status, 201, "{o}");
    let year = server::domain::paris_time::paris_year(server::clock::now());
    assert_eq!(o["numero"], format!("CO-{year}-000001"));
    assert_eq!(o["statut"], "en attente de paiement");
    assert_eq!(o["total_ttc_cents"], expected["total_ttc_cents"]);
    assert_eq!(o["paiement"]["mode"], "virement");
    assert_eq!(o["paiement"]["reference"], o["numero"]);
    assert_eq!(o["paiement"]["montant_cents"], expected["total_ttc_cents"]);
    assert!(!o["paiement"]["iban"].as_str().unwrap().is_empty());
    assert_eq!(basket_len(&c).await, 0, "basket emptied");
    let row: (String, String, i64, i64) = sqlx::query_as(
        "SELECT shipping_address, vat_regime, total_ht_cents, \
         (SELECT COUNT(*) FROM order_status_history h WHERE h.order_id = orders.id) FROM orders",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert!(row.0.contains("\"codePostal\":\"69003\""), "{}", row.0);
    assert_eq!(row.1, "france");
    assert_eq!(row.2, expected["total_ht_cents"].as_i64().unwrap());
    assert_eq!(row.3, 1);
    let lines: (i64, i64) = sqlx::query_as("SELECT quantite, line_total_cents FROM order_lines")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(lines, (3, line_cents()));
    // A second order needs a basket: the empty one is refused, naming why.
    let (status, again) = place(&c, Some("cle-2"), order_body(home)).await;
    assert_eq!(status, 400);
    assert_eq!(again["errors"], json!(["Votre panier est vide."]));
}

#[tokio::test]
async fn terms_key_and_payment_mode_are_required() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    let (status, v) = place(&c, None, order_body(home)).await;
    assert_eq!(status, 400);
    assert!(
        v["message"].as_str().unwrap().contains("Idempotency-Key"),
        "{v}"
    );
    let mut body = order_body(home);
    body["cgvAcceptees"] = json!(false);
    let (status, v) = place(&c, Some("k"), body).await;
    assert_eq!(status, 400);
    assert!(v["message"].as_str().unwrap().contains("L221-28 3°"), "{v}");
    let mut body = order_body(home);
    body.as_object_mut().unwrap().remove("cgvAcceptees");
    assert_eq!(place(&c, Some("k"), body).await.0, 400);
    let mut body = order_body(home);
    body["modePaiement"] = json!("cheque");
    assert_eq!(place(&c, Some("k"), body).await.0, 400);
    let mut body = order_body(home);
    body["modePaiement"] = json!("carte");
    assert_eq!(
        place(&c, Some("k"), body).await.0,
        400,
        "no Stripe configured"
    );
    assert_eq!(basket_len(&c).await, 1, "nothing ordered");
}

#[tokio::test]
async fn a_part_to_review_cannot_be_ordered_and_is_named() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    exec!(app, "UPDATE parts SET status_id = 2");
    let (status, v) = place(&c, Some("k"), order_body(home)).await;
    assert_eq!(status, 400);
    let m = v["errors"][0].as_str().unwrap();
    assert!(m.contains("cube.stl") && m.contains("à vérifier"), "{m}");
    exec!(app, "UPDATE parts SET status_id = 4");
    let (status, v) = place(&c, Some("k"), order_body(home)).await;
    assert_eq!(status, 400);
    assert!(v["errors"][0].as_str().unwrap().contains("refusée"), "{v}");
    assert_eq!(basket_len(&c).await, 1);
}

#[tokio::test]
async fn twenty_concurrent_posts_with_one_key_make_one_order() {
    let app = spawn_app().await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    let body = order_body(home);
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..20 {
        let tab = c.client.clone();
        let body = body.clone();
        set.spawn(async move { place(&tab, Some("meme-cle"), body).await });
    }
    let answers: Vec<(u16, Value)> = set.join_all().await;
    let created = answers.iter().filter(|(s, _)| *s == 201).count();
    assert_eq!(created, 1, "{answers:?}");
    for (status, o) in &answers {
        assert!(*status == 200 || *status == 201, "{status} {o}");
        assert_eq!(o["id_commande"], answers[0].1["id_commande"]);
        assert_eq!(o["numero"], answers[0].1["numero"]);
    }
    let n: i64 = scalar!(app, "SELECT COUNT(*) FROM orders");
    assert_eq!(n, 1);
    let seq: i64 = scalar!(app, "SELECT last_seq FROM counters WHERE kind = 'CO'");
    assert_eq!(seq, 1, "no number burnt by the duplicates");
    // Later retries still answer the same order.
    let (status, o) = place(&c, Some("meme-cle"), body).await;
    assert_eq!(status, 200);
    assert_eq!(o["numero"], answers[0].1["numero"]);
}

async fn create_code(app: &TestApp, body: Value) {
    let email = format!(
        "admin-{}@exemple.fr",
        body["code"].as_str().unwrap().to_lowercase()
    );
    let admin = an_admin(app).email(&email).await;
    admin.expect(201, "POST", "Reduction", Some(body)).await;
}

async fn recap_with_code(c: &TestClient, home: i64, code: &str) -> Value {
    let body = json!({ "idAdresseLivraison": home, "idAdresseFacturation": home,
                       "codeReduction": code });
    let res = c.proxy("POST", "Commande/Recapitulatif", Some(body)).await;
    let status = res.status();
    let v: Value = res.json().await.unwrap();
    assert_eq!(status, 200, "{v}");
    v
}

#[tokio::test]
async fn the_summary_applies_a_percent_or_a_fixed_code_and_gives_a_refusal_s_reason() {
    let app = spawn_app().await;
    create_code(
        &app,
        json!({ "code": "DIX", "type": "percent", "valeur": 1000 }),
    )
    .await;
    create_code(
        &app,
        json!({ "code": "CINQ", "type": "fixed", "valeur": 500 }),
    )
    .await;
    create_code(
        &app,
        json!({ "code": "GROS", "type": "fixed", "valeur": 500,
                "minimum_commande_cents": 100_000_000 }),
    )
    .await;
    let c = a_customer(&app).ready_to_order().await;
    let home = c.address();
    let plain = recap(&c, home, home).await;
    let sub = line_cents();
    assert_eq!(plain["sous_total_cents"], sub);
    let ship = plain["frais_port_cents"].as_i64().unwrap();

    let r = recap_with_code(&c, home, " dix ").await;
    let remise = server::domain::Cents(sub).times_bp(1000).get();
    assert_eq!(r["code_reduction"], "DIX");
    assert_eq!(r["raison_code"], Value::Null);
    assert_eq!(r["remise_cents"], remise);
    assert_eq!(r["total_ht_cents"], sub - remise + ship);
    assert_eq!(
        r["tva_cents"],
        server::domain::Cents(sub - remise + ship)
            .times_bp(2000)
            .get()
    );
    check_sums(&r);

    let r = recap_with_code(&c, home, "CINQ").await;
    assert_eq!(r["code_reduction"], "CINQ");
    assert_eq!(r["remise_cents"], 500);
    assert_eq!(r["total_ht_cents"], sub - 500 + ship);
    check_sums(&r);

    let r = recap_with_code(&c, home, "GROS").await;
    assert_eq!(r["remise_cents"], 0);
    assert_eq!(r["code_reduction"], Value::Null);
    let reason = r["raison_code"].as_str().unwrap();
    let minimum = server::domain::Cents(100_000_000).fr();
    assert!(
        reason.starts_with(&format!(
            "Ce code demande une commande d'au moins {minimum} HT"
        )),
        "{reason}"
    );
    assert_eq!(r["total_ttc_cents"], plain["total_ttc_cents"]);

    let r = recap_with_code(&c, home, "NEXISTEPAS").await;
    assert_eq!(r["raison_code"], "Code de réduction inconnu.");
    assert_eq!(r["remise_cents"], 0);

    // An order asking for a refused code is refused with the reason, and nothing is ordered.
    let mut body = order_body(home);
    body["codeReduction"] = json!("GROS");
    let (status, v) = place(&c, Some("refus"), body).await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["message"].as_str(), Some(reason), "{v}");
    assert_eq!(basket_len(&c).await, 1);

    // An order with the percent code records it, and its totals are the summary's.
    let expected = recap_with_code(&c, home, "DIX").await;
    let mut body = order_body(home);
    body["codeReduction"] = json!("dix");
    let (status, o) = place(&c, Some("avec-code"), body).await;
    assert_eq!(status, 201, "{o}");
    assert_eq!(o["total_ttc_cents"], expected["total_ttc_cents"]);
    let row: (i64, String, i64) = sqlx::query_as(
        "SELECT discount_cents, discount_code, \
         (SELECT COUNT(*) FROM discount_uses u WHERE u.order_id = orders.id) FROM orders",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(row, (remise, "DIX".to_owned(), 1));
}

#[tokio::test]
async fn twenty_concurrent_orders_with_a_one_use_code_make_one_use() {
    let app = spawn_app().await;
    create_code(
        &app,
        json!({ "code": "UNIQUE", "type": "fixed", "valeur": 300, "utilisations_max": 1 }),
    )
    .await;
    let mut customers = Vec::new();
    for i in 0..20 {
        let email = format!("client{i}@exemple.fr");
        let c = a_customer(&app).email(&email).ready_to_order().await;
        customers.push((c.client.clone(), c.address()));
    }
    let mut set = tokio::task::JoinSet::new();
    for (i, (c, home)) in customers.into_iter().enumerate() {
        set.spawn(async move {
            let mut body = order_body(home);
            body["codeReduction"] = json!("UNIQUE");
            place(&c, Some(&format!("cle-{i}")), body).await
        });
    }
    let answers: Vec<(u16, Value)> = set.join_all().await;
    let created: Vec<_> = answers.iter().filter(|(s, _)| *s == 201).collect();
    assert_eq!(created.len(), 1, "{answers:?}");
    for (status, v) in answers.iter().filter(|(s, _)| *s != 201) {
        assert_eq!(*status, 400, "{v}");
        assert_eq!(
            v["message"], "Ce code a atteint son nombre maximal d'utilisations.",
            "{v}"
        );
    }
    let counts: (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM orders), (SELECT COUNT(*) FROM discount_uses), \
         (SELECT uses FROM discounts WHERE code = 'UNIQUE')",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(counts, (1, 1, 1));
}
