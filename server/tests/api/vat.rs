//! VAT of goods against a VIES stand-in (tests/vies_server.py): 20 % for a delivery in France,
//! whoever buys and wherever billed; an intra-EU supply (0 %, CGI art. 262 ter I, its VIES
//! consultation kept) for a company of the member state of delivery whose number VIES finds
//! valid; French VAT with a French notice when the number is invalid or VIES is down or slow
//! (never a refused checkout); export (0 %, art. 262 I) outside the EU. The summary, the order,
//! the quote, the invoice and the credit note agree (see also vat_documents.rs).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::builders::{a_customer, cube, place, Addr, User, CH, FR};
use crate::helpers::{exec, scalar, spawn_app, TestApp, TestClient};
use crate::vies_helpers::{
    app_on_vies, INVALID_DE, SLOW_DE, SLOW_SECONDS, UNAVAILABLE_DE, VALID_BE, VALID_DE,
};

/// Said before payment when VIES did not answer.
pub const UNVERIFIED: &str =
    "Numéro de TVA non vérifié auprès de VIES\u{a0}: TVA française appliquée";
/// The intra-EU supply's mention.
pub const INTRA_EU: &str =
    "Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire";

/// A company's office in Munich.
pub const fn munich(vat: &'static str) -> Addr {
    Addr {
        country: "de",
        postcode: "80331",
        company: Some(("Muster GmbH", vat)),
        siren: "",
    }
}

/// A customer with the cube in the basket and these addresses.
pub async fn customer(app: &TestApp, addresses: &[Addr]) -> User {
    let mut b = a_customer(app).with_basket(cube());
    for a in addresses {
        b = b.with_address(*a);
    }
    b.await
}

/// `POST Commande/Recapitulatif` delivered to `delivery`, billed to `billing`.
pub async fn recap(c: &TestClient, delivery: i64, billing: i64) -> Value {
    let body = json!({ "idAdresseLivraison": delivery, "idAdresseFacturation": billing });
    c.expect(200, "POST", "Commande/Recapitulatif", Some(body))
        .await
}

/// `POST Commande` by transfer delivered to `delivery`, billed to `billing`: 201 and its body.
pub async fn order(c: &TestClient, key: &str, delivery: i64, billing: i64) -> Value {
    let body = json!({ "idAdresseLivraison": delivery, "idAdresseFacturation": billing,
                       "modePaiement": "virement", "cgvAcceptees": true });
    let (status, placed) = place(c, Some(key), body).await;
    assert_eq!(status, 201, "{placed}");
    placed
}

/// The stored regime, rate and VIES consultation of an order.
pub async fn stored(app: &TestApp, id: &Value) -> (String, i64, String, Option<i64>) {
    sqlx::query_as(
        "SELECT vat_regime, vat_rate_bp, vies_request_identifier, vies_checked_at \
         FROM orders WHERE id = $1",
    )
    .bind(id.as_i64().unwrap())
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

#[track_caller]
fn assert_french_vat(r: &Value, notice: Option<&str>) {
    assert_eq!(r["tva_taux_bp"], 2000, "{r}");
    assert_eq!(r["intracommunautaire"], false, "{r}");
    assert_eq!(r["mention_tva"], Value::Null, "{r}");
    assert_eq!(r["avis_tva"].as_str(), notice, "{r}");
    assert!(r.get("autoliquidation").is_none(), "{r}");
}

#[tokio::test]
async fn a_german_company_delivered_in_france_pays_20_percent() {
    let (_vies, app) = app_on_vies().await;
    let c = customer(&app, &[munich(VALID_DE), FR]).await;
    let (office, lyon) = (c.addresses[0], c.addresses[1]);
    let r = recap(&c, lyon, office).await;
    assert_eq!(r["zone"], "france");
    assert_french_vat(&r, None);
    let placed = order(&c, "fr-1", lyon, office).await;
    assert_eq!(placed["avis_tva"], Value::Null);
    let (regime, rate, consultation, _) = stored(&app, &placed["id_commande"]).await;
    assert_eq!(
        (regime.as_str(), rate, consultation.as_str()),
        ("france", 2000, "")
    );
}

#[tokio::test]
async fn billed_in_another_member_state_and_delivered_in_france_pays_20_percent() {
    let (_vies, app) = app_on_vies().await;
    let brussels = Addr {
        country: "be",
        postcode: "1000",
        company: Some(("Exemple SA", VALID_BE)),
        siren: "",
    };
    let c = customer(&app, &[brussels, FR]).await;
    let (office, lyon) = (c.addresses[0], c.addresses[1]);
    assert_french_vat(&recap(&c, lyon, office).await, None);
    // The same Belgian number delivered in Germany is not a number of the state of delivery.
    let munich_home = crate::builders::address(&c, "de", "80331", None).await;
    let r = recap(&c, munich_home, office).await;
    assert_eq!(r["zone"], "ue");
    assert_french_vat(&r, None);
}

#[tokio::test]
async fn a_german_company_vies_found_valid_delivered_in_germany_buys_an_intra_eu_supply() {
    let (_vies, app) = app_on_vies().await;
    let c = a_customer(&app).with_basket(cube()).await;
    // Saving the company's address asks VIES: its status is in the answer.
    let body = json!({
        "idPays": "de", "ville": "München", "codePostal": "80331", "rue": "Musterstraße 1",
        "complement": "", "nom": "Muster", "prenom": "Max", "tel": "+49 89 1234567",
        "nom_entreprise": "Muster GmbH", "numero_tva": "DE 123 456 789"
    });
    let a = c.expect(201, "POST", "Adresses", Some(body)).await;
    let office = a["idAdresse"].as_i64().unwrap();
    let vies = &a["entreprise"]["vies"];
    assert_eq!(vies["statut"], "valide", "{a}");
    let today = server::domain::paris_time::fr_date(server::clock::now());
    assert_eq!(
        vies["message"],
        format!("Numéro de TVA vérifié auprès de VIES le {today}")
    );
    let companies: Value = c.get_json("Entreprise").await;
    assert_eq!(companies[0]["vies"]["statut"], "valide", "{companies}");

    let r = recap(&c, office, office).await;
    assert_eq!(r["zone"], "ue");
    assert_eq!(r["tva_taux_bp"], 0);
    assert_eq!(r["tva_cents"], 0);
    assert_eq!(r["total_ttc_cents"], r["total_ht_cents"]);
    assert_eq!(r["intracommunautaire"], true);
    assert_eq!(r["mention_tva"], INTRA_EU);
    assert_eq!(r["avis_tva"], Value::Null);

    let placed = order(&c, "ic-1", office, office).await;
    assert_eq!(placed["total_ttc_cents"], r["total_ttc_cents"]);
    let (regime, rate, consultation, checked_at) = stored(&app, &placed["id_commande"]).await;
    assert_eq!((regime.as_str(), rate), ("intracommunautaire", 0));
    assert!(consultation.starts_with("WAPIAAAAZ"), "{consultation}");
    assert!(checked_at.is_some());
    let buyer: String = scalar!(
        app,
        "SELECT buyer_vat_number FROM orders WHERE id = $1",
        placed["id_commande"].as_i64().unwrap()
    );
    assert_eq!(buyer, VALID_DE);
    // One call to VIES: the summary and the order reused the valid answer of the save.
    let calls: i64 = scalar!(app, "SELECT COUNT(*) FROM vies_checks");
    assert_eq!(calls, 1);
    let view: Value = c.get_json("Commande/mes-commandes").await;
    assert_eq!(view[0]["intracommunautaire"], true);
    assert_eq!(view[0]["autoliquidation"], false);
    assert_eq!(view[0]["mention_tva"], INTRA_EU);
    assert_eq!(
        view[0]["consultation_vies"],
        format!("Consultation VIES n°\u{a0}{consultation} du {today}")
    );

    // A valid answer older than a day no longer counts: VIES is asked again.
    let day_ago = server::clock::now() - 25 * 3600;
    exec!(app, "UPDATE vies_checks SET checked_at = $1", day_ago);
    assert_eq!(recap(&c, office, office).await["intracommunautaire"], true);
    let calls: i64 = scalar!(app, "SELECT COUNT(*) FROM vies_checks");
    assert_eq!(calls, 2);
}

#[tokio::test]
async fn an_invalid_number_pays_20_percent_and_is_told_why() {
    let (_vies, app) = app_on_vies().await;
    let c = customer(&app, &[munich(INVALID_DE)]).await;
    let office = c.address();
    let companies: Value = c.get_json("Entreprise").await;
    assert_eq!(companies[0]["vies"]["statut"], "invalide", "{companies}");
    let r = recap(&c, office, office).await;
    assert_french_vat(
        &r,
        Some("Numéro de TVA invalide selon VIES\u{a0}: TVA française appliquée"),
    );
    let placed = order(&c, "inv-1", office, office).await;
    let (regime, rate, _, _) = stored(&app, &placed["id_commande"]).await;
    assert_eq!((regime.as_str(), rate), ("france", 2000));
}

#[tokio::test]
async fn vies_down_means_french_vat_said_before_payment_never_a_refused_order() {
    let (_vies, app) = app_on_vies().await;
    let c = customer(&app, &[munich(UNAVAILABLE_DE)]).await;
    let office = c.address();
    let companies: Value = c.get_json("Entreprise").await;
    assert_eq!(
        companies[0]["vies"]["statut"], "indisponible",
        "{companies}"
    );
    assert!(companies[0]["vies"]["message"]
        .as_str()
        .unwrap()
        .starts_with("Numéro de TVA non vérifié\u{a0}: service VIES indisponible le "));
    let r = recap(&c, office, office).await;
    assert_french_vat(&r, Some(UNVERIFIED));
    let placed = order(&c, "down-1", office, office).await;
    assert_eq!(placed["avis_tva"], UNVERIFIED);
    let (regime, rate, consultation, _) = stored(&app, &placed["id_commande"]).await;
    assert_eq!(
        (regime.as_str(), rate, consultation.as_str()),
        ("france", 2000, "")
    );
    // The same key again: the same answer, notice included.
    let (status, again) = place(
        &c,
        Some("down-1"),
        json!({ "idAdresseLivraison": office, "idAdresseFacturation": office,
                "modePaiement": "virement", "cgvAcceptees": true }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(again["avis_tva"], UNVERIFIED);
    let view: Value = c.get_json("Commande/mes-commandes").await;
    assert_eq!(view[0]["avis_tva"], UNVERIFIED);
}

#[tokio::test]
async fn vies_unreachable_is_vies_down() {
    // spawn_app's VIES_URL is a closed port.
    let app = spawn_app().await;
    let c = customer(&app, &[munich(VALID_DE)]).await;
    let office = c.address();
    assert_french_vat(&recap(&c, office, office).await, Some(UNVERIFIED));
    let placed = order(&c, "unreachable-1", office, office).await;
    assert_eq!(placed["avis_tva"], UNVERIFIED);
}

#[tokio::test]
async fn a_slow_vies_is_cut_at_its_timeout_and_the_order_pays_french_vat() {
    let (_vies, app) = app_on_vies().await;
    let c = customer(&app, &[munich(SLOW_DE)]).await;
    let office = c.address();
    let slow = Duration::from_secs(SLOW_SECONDS);
    let started = Instant::now();
    let r = recap(&c, office, office).await;
    assert!(started.elapsed() < slow, "{:?}", started.elapsed());
    assert_french_vat(&r, Some(UNVERIFIED));
    let started = Instant::now();
    let placed = order(&c, "slow-1", office, office).await;
    assert!(started.elapsed() < slow, "{:?}", started.elapsed());
    assert_eq!(placed["avis_tva"], UNVERIFIED);
    let (regime, rate, _, _) = stored(&app, &placed["id_commande"]).await;
    assert_eq!((regime.as_str(), rate), ("france", 2000));
}

#[tokio::test]
async fn a_delivery_outside_the_eu_is_an_export_without_vat() {
    let (_vies, app) = app_on_vies().await;
    let c = customer(&app, &[munich(VALID_DE), CH]).await;
    let (office, geneva) = (c.addresses[0], c.addresses[1]);
    let r = recap(&c, geneva, office).await;
    assert_eq!(r["zone"], "monde");
    assert_eq!(r["export_hors_ue"], true);
    assert_eq!(r["intracommunautaire"], false);
    assert_eq!(
        (r["tva_taux_bp"].as_i64(), r["tva_cents"].as_i64()),
        (Some(0), Some(0))
    );
    assert_eq!(r["mention_tva"], "Exonération de TVA, article 262 I du CGI");
    let placed = order(&c, "export-1", geneva, office).await;
    let (regime, rate, _, _) = stored(&app, &placed["id_commande"]).await;
    assert_eq!((regime.as_str(), rate), ("export", 0));
}

#[tokio::test]
async fn the_vies_client_reads_the_service_status() {
    let (vies, _app) = app_on_vies().await;
    let settings = server::vies::ViesSettings {
        vies_url: vies.url.clone(),
        ..server::vies::ViesSettings::default()
    };
    let client = server::vies::Vies::new(&settings, "FR40303265045").unwrap();
    let status = client.status().await.unwrap();
    assert!(status.vow.available);
    assert!(status
        .countries
        .iter()
        .any(|c| c.country_code == "DE" && c.availability == "Available"));
    let number = server::domain::VatNumber::parse(VALID_DE).unwrap();
    match client.check(&number).await {
        server::vies::ViesAnswer::Valid(c) => {
            assert!(c.request_identifier.starts_with("WAPIAAAAZ"));
            assert_eq!(c.name, "Muster GmbH");
        }
        other => panic!("{other:?}"),
    }
}
