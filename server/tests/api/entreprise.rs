//! The `Entreprise` controller: the customer's companies, their intra-EU VAT numbers (format,
//! and the key for France), attachment to an address, and ownership.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::helpers::{spawn_app, TestClient};

async fn send(c: &TestClient, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let res = c.proxy(method, path, body).await;
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn a_company_is_created_listed_updated_and_deleted() {
    let app = spawn_app().await;
    let (c, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    let (status, company) = send(
        &c,
        "POST",
        "Entreprise",
        Some(json!({"nom_entreprise": "Atelier Dupont", "numero_tva": "fr40303265045"})),
    )
    .await;
    assert_eq!(status, 201, "{company}");
    assert_eq!(company["nom_Entreprise"], "Atelier Dupont");
    assert_eq!(company["numero_Tva"], "FR40303265045");
    let id = company["idEntreprise"].as_i64().unwrap();
    assert_eq!(
        send(&c, "GET", "Entreprise", None).await,
        (200, json!([company]))
    );

    let (status, updated) = send(&c, "PUT", "Entreprise", Some(json!({"idEntreprise": id, "nom_entreprise": "Atelier Dupont SAS", "numero_tva": "DE123456789"}))).await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(
        (
            updated["nom_Entreprise"].as_str(),
            updated["numero_Tva"].as_str()
        ),
        (Some("Atelier Dupont SAS"), Some("DE123456789"))
    );
    let (status, updated) = send(
        &c,
        "PUT",
        &format!("Entreprise/{id}"),
        Some(json!({"nom_entreprise": "Atelier Dupont", "numero_tva": ""})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(updated["numero_Tva"].is_null());

    assert_eq!(
        send(&c, "DELETE", "Entreprise", None).await.0,
        204,
        "the only company is the one meant"
    );
    assert_eq!(send(&c, "GET", "Entreprise", None).await, (200, json!([])));
}

#[tokio::test]
async fn vat_numbers_are_checked_by_format_and_french_key() {
    let app = spawn_app().await;
    let (c, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    for (tva, message) in [
        ("FR41303265045", "Le numéro de TVA intracommunautaire est invalide (clé de contrôle incorrecte)."),
        ("FR4030326504", "Le numéro de TVA intracommunautaire n'a pas le format attendu pour ce pays."),
        ("US123456789", "Le numéro de TVA doit commencer par le code d'un pays de l'Union européenne (par exemple FR)."),
    ] {
        let (status, body) = send(&c, "POST", "Entreprise", Some(json!({"nom_entreprise": "Atelier", "numero_tva": tva}))).await;
        assert_eq!((status, body), (400, json!({"errors": [message]})), "{tva}");
    }
    let (status, body) = send(
        &c,
        "POST",
        "Entreprise",
        Some(json!({"numero_tva": "FR40303265045"})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"][0],
        "Indiquez le nom de l'entreprise de ce numéro de TVA."
    );
    assert_eq!(send(&c, "GET", "Entreprise", None).await.1, json!([]));
}

#[tokio::test]
async fn a_company_can_be_attached_to_an_address_and_deleting_it_detaches_it() {
    let app = spawn_app().await;
    let (c, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    let address = json!({"idPays": "be", "ville": "Bruxelles", "codePostal": "1000", "rue": "Rue Neuve 1",
        "complement": "", "nom": "Dupont", "prenom": "Jeanne", "tel": "", "nom_entreprise": "", "numero_tva": ""});
    let (_, a) = send(&c, "POST", "Adresses", Some(address)).await;
    let address_id = a["idAdresse"].as_i64().unwrap();
    let (status, company) = send(&c, "POST", "Entreprise", Some(json!({"nom_entreprise": "Dupont BV", "numero_tva": "NL123456789B01", "idAdresse": address_id}))).await;
    assert_eq!(status, 201);
    let me: Value = c
        .proxy("GET", "Comptes/me", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        me["adresses"][0]["entreprise"]["nom_Entreprise"],
        "Dupont BV"
    );

    let id = company["idEntreprise"].as_i64().unwrap();
    assert_eq!(
        send(&c, "DELETE", &format!("Entreprise/{id}"), None)
            .await
            .0,
        204
    );
    let me: Value = c
        .proxy("GET", "Comptes/me", None)
        .await
        .json()
        .await
        .unwrap();
    assert!(me["adresses"][0]["entreprise"].is_null());
}

#[tokio::test]
async fn another_customer_s_company_answers_404_and_stays_untouched() {
    let app = spawn_app().await;
    let (a, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    let (b, _) = app.signed_in("paul@exemple.fr", Role::Client).await;
    let (_, company) = send(
        &a,
        "POST",
        "Entreprise",
        Some(json!({"nom_entreprise": "Atelier Dupont"})),
    )
    .await;
    let id = company["idEntreprise"].as_i64().unwrap();
    let rename = json!({"idEntreprise": id, "nom_entreprise": "Piraté"});
    assert_eq!(send(&b, "PUT", "Entreprise", Some(rename)).await.0, 404);
    assert_eq!(
        send(&b, "GET", &format!("Entreprise/{id}"), None).await.0,
        404
    );
    assert_eq!(
        send(&b, "DELETE", &format!("Entreprise/{id}"), None)
            .await
            .0,
        404
    );
    assert_eq!(
        send(
            &b,
            "DELETE",
            "Entreprise",
            Some(json!({"idEntreprise": id}))
        )
        .await
        .0,
        404
    );
    assert_eq!(
        send(&a, "GET", "Entreprise", None).await,
        (200, json!([company]))
    );
    let (_, b_address) = send(
        &b,
        "POST",
        "Adresses",
        Some(
            json!({"idPays": "fr", "ville": "Paris", "codePostal": "75011",
        "rue": "1 rue Oberkampf", "nom": "Martin", "prenom": "Paul"}),
        ),
    )
    .await;
    let attach = json!({"nom_entreprise": "X", "idAdresse": b_address["idAdresse"]});
    assert_eq!(
        send(&a, "POST", "Entreprise", Some(attach)).await.0,
        404,
        "A cannot attach to B's address"
    );
}

#[tokio::test]
async fn anonymous_visitors_cannot_manage_companies() {
    let app = spawn_app().await;
    let mut c = app.client();
    c.csrf_token().await;
    assert_eq!(
        send(
            &c,
            "POST",
            "Entreprise",
            Some(json!({"nom_entreprise": "X"}))
        )
        .await
        .0,
        401
    );
    assert_eq!(send(&c, "GET", "Entreprise", None).await.0, 401);
}
