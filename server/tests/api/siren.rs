//! The SIREN of a customer's company (`siren` of `Adresses` and `Entreprise`): optional, nine
//! digits passing the Luhn check, the one of a French VAT number given with it; stored and
//! returned (`entreprise.siren`); printed on the quote PDF. The invoices that carry it are
//! checked by `facturx`.

use serde_json::{json, Value};

use crate::builders::{a_customer, cube, FR};
use crate::commande_pdf::pdf_text;
use crate::helpers::{spawn_app, TestClient};

const INVALID: &str = "Le numéro SIREN doit comporter 9\u{a0}chiffres valides.";
const MISMATCH: &str = "Le numéro SIREN ne correspond pas au numéro de TVA intracommunautaire\u{a0}: un numéro de TVA français se compose de FR, d'une clé de 2\u{a0}chiffres et du SIREN de l'entreprise.";

fn company_address(tva: &str, siren: &str) -> Value {
    json!({
        "idPays": "fr", "ville": "Lyon", "codePostal": "69007", "rue": "9 rue de la Forge",
        "complement": "", "nom": "Girard", "prenom": "Paul", "tel": "",
        "nom_entreprise": "Forge Girard SAS", "numero_tva": tva, "siren": siren
    })
}

async fn my_addresses(c: &TestClient) -> Vec<Value> {
    let me: Value = c.get_json("Comptes/me").await;
    me["adresses"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_french_company_without_vat_number_saves_its_siren_and_gets_it_back() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let (status, a) = c
        .call(
            "POST",
            "Adresses",
            Some(company_address("", " 732 829 320 ")),
        )
        .await;
    assert_eq!(status, 201, "{a}");
    assert_eq!(a["entreprise"]["siren"], "732829320");
    assert!(a["entreprise"]["numero_Tva"].is_null());
    assert_eq!(my_addresses(&c).await, vec![a.clone()]);

    let id = a["idAdresse"].as_i64().unwrap();
    let with_vat = company_address("FR40303265045", "303265045");
    let updated = c
        .expect(200, "PUT", &format!("Adresses/{id}"), Some(with_vat))
        .await;
    assert_eq!(
        (
            updated["entreprise"]["siren"].as_str(),
            updated["entreprise"]["numero_Tva"].as_str()
        ),
        (Some("303265045"), Some("FR40303265045"))
    );
    let cleared = c
        .expect(
            200,
            "PUT",
            &format!("Adresses/{id}"),
            Some(company_address("", "")),
        )
        .await;
    assert!(cleared["entreprise"]["siren"].is_null(), "{cleared}");
    assert_eq!(cleared["entreprise"]["nom_Entreprise"], "Forge Girard SAS");
}

#[tokio::test]
async fn a_french_company_without_vat_number_nor_siren_is_still_accepted() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let (status, a) = c
        .call("POST", "Adresses", Some(company_address("", "")))
        .await;
    assert_eq!(status, 201, "{a}");
    assert!(a["entreprise"]["siren"].is_null());
    assert!(a["entreprise"]["numero_Tva"].is_null());
}

#[tokio::test]
async fn a_bad_siren_is_refused_with_its_french_message_and_nothing_is_saved() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    for (tva, siren, message) in [
        ("", "732829321", INVALID),
        ("", "73282932", INVALID),
        ("", "SIREN 732", INVALID),
        ("FR40303265045", "732829320", MISMATCH),
    ] {
        let (status, body) = c
            .call("POST", "Adresses", Some(company_address(tva, siren)))
            .await;
        assert_eq!(
            (status, body),
            (400, json!({ "errors": [message] })),
            "{tva} {siren}"
        );
    }
    let mut nameless = company_address("", "732829320");
    nameless["nom_entreprise"] = json!("");
    let (status, body) = c.call("POST", "Adresses", Some(nameless)).await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({ "errors": ["Indiquez le nom de l'entreprise de ce numéro SIREN."] })
        )
    );
    assert!(my_addresses(&c).await.is_empty());
}

#[tokio::test]
async fn the_entreprise_route_creates_updates_and_checks_the_siren_too() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let body = json!({"nom_entreprise": "Forge Girard SAS", "siren": "732 829 320"});
    let (status, company) = c.call("POST", "Entreprise", Some(body)).await;
    assert_eq!(status, 201, "{company}");
    assert_eq!(company["siren"], "732829320");
    let id = company["id_entreprise"].as_i64().unwrap();
    assert_eq!(
        c.call("GET", "Entreprise", None).await,
        (200, json!([company]))
    );
    let body = json!({"nom_entreprise": "Forge Girard SAS", "numero_tva": "FR40303265045", "siren": "732829320"});
    let (status, refused) = c.call("PUT", &format!("Entreprise/{id}"), Some(body)).await;
    assert_eq!((status, refused), (400, json!({ "errors": [MISMATCH] })));
    let body = json!({"nom_entreprise": "Forge Girard SAS", "siren": "000000001"});
    let (status, refused) = c.call("PUT", &format!("Entreprise/{id}"), Some(body)).await;
    assert_eq!((status, refused), (400, json!({ "errors": [INVALID] })));
    let body = json!({"nom_entreprise": "Forge Girard SAS", "siren": ""});
    let (status, updated) = c.call("PUT", &format!("Entreprise/{id}"), Some(body)).await;
    assert_eq!(status, 200, "{updated}");
    assert!(updated["siren"].is_null());
}

#[tokio::test]
async fn the_quote_of_a_company_prints_its_siren() {
    let app = spawn_app().await;
    let c = a_customer(&app)
        .with_basket(cube())
        .with_address(FR.company("Forge Girard SAS", "").siren("732829320"))
        .await;
    let res = c
        .send_json(
            reqwest::Method::POST,
            &format!(
                "/api/backend/Devis/pdf?idAdresseFacturation={}",
                c.address()
            ),
            None,
        )
        .await;
    assert_eq!(res.status(), 200);
    let bytes = res.bytes().await.unwrap();
    let Some(text) = pdf_text(&bytes) else {
        return;
    };
    for wanted in ["Forge Girard SAS", "SIREN : 732829320"] {
        assert!(text.contains(wanted), "missing {wanted:?} in:\n{text}");
    }
}
