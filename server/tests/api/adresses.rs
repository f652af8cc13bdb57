//! The `Adresses` controller: creation in the specification's shape, French validation messages,
//! and ownership (another customer's address answers 404 and stays untouched).

use serde_json::{json, Value};

use crate::builders::{a_customer, a_visitor};
use crate::helpers::{spawn_app, TestClient};

fn payload() -> Value {
    json!({
        "idPays": "fr", "ville": "Lyon", "codePostal": "69003", "rue": "12 rue de la Part-Dieu",
        "complement": "Bâtiment B", "nom": "Dupont", "prenom": "Jeanne", "tel": "06 12 34 56 78",
        "nom_entreprise": "Atelier Dupont", "numero_tva": "FR 40 303 265 045"
    })
}

async fn create(c: &TestClient, body: Value) -> (u16, Value) {
    c.call("POST", "Adresses", Some(body)).await
}

async fn my_addresses(c: &TestClient) -> Vec<Value> {
    let me: Value = c.get_json("Comptes/me").await;
    me["adresses"].as_array().unwrap().clone()
}

#[tokio::test]
async fn an_address_is_created_and_returned_in_the_specification_s_shape() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let (status, a) = create(&c, payload()).await;
    assert_eq!(status, 201, "{a}");
    assert!(a["idAdresse"].as_i64().unwrap() > 0);
    assert_eq!(a["idPays"]["code"], "fr");
    assert_eq!(a["idPays"]["name"], "France");
    assert_eq!(a["codePostal"], "69003");
    assert_eq!(a["complement"], "Bâtiment B");
    assert_eq!(a["tel"], "+33612345678");
    assert_eq!(a["entreprise"]["nom_Entreprise"], "Atelier Dupont");
    assert_eq!(a["entreprise"]["numero_Tva"], "FR40303265045");
    assert_eq!(my_addresses(&c).await, vec![a]);
}

#[tokio::test]
async fn the_country_names_come_in_french() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let mut body = payload();
    body["idPays"] = json!("ci");
    body["codePostal"] = json!("01 BP 1234");
    body["numero_tva"] = json!("");
    let (status, a) = create(&c, body).await;
    assert_eq!(status, 201, "{a}");
    assert_eq!(a["idPays"]["name"], "Côte d'Ivoire");
}

#[tokio::test]
async fn bad_fields_are_refused_with_every_french_message() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let (status, body) = create(
        &c,
        json!({"idPays": "fr", "codePostal": "6900", "tel": "12", "numero_tva": "FR41303265045"}),
    )
    .await;
    assert_eq!(status, 400);
    let errors: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    for expected in [
        "Le champ «\u{a0}nom\u{a0}» est obligatoire.",
        "Le champ «\u{a0}prénom\u{a0}» est obligatoire.",
        "Le champ «\u{a0}ville\u{a0}» est obligatoire.",
        "Le code postal doit comporter 5\u{a0}chiffres (par exemple 75011).",
        "Le numéro de TVA intracommunautaire est invalide (clé de contrôle incorrecte).",
    ] {
        assert!(
            errors.contains(&expected),
            "{expected} missing from {errors:?}"
        );
    }
    assert!(errors
        .iter()
        .any(|e| e.starts_with("Le numéro de téléphone n'est pas valide")));
    let (status, body) = create(&c, json!({"idPays": "xx"})).await;
    assert_eq!(status, 400);
    assert!(body["errors"]
        .as_array()
        .unwrap()
        .contains(&json!("Choisissez un pays dans la liste.")));
    assert!(my_addresses(&c).await.is_empty());
}

#[tokio::test]
async fn the_owner_updates_and_deletes_an_address() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let (_, a) = create(&c, payload()).await;
    let id = a["idAdresse"].as_i64().unwrap();
    let mut changed = payload();
    changed["ville"] = json!("Villeurbanne");
    changed["codePostal"] = json!("69100");
    changed["nom_entreprise"] = json!("");
    changed["numero_tva"] = json!("");
    let updated = c
        .expect(200, "PUT", &format!("Adresses/{id}"), Some(changed))
        .await;
    assert_eq!(
        (updated["ville"].as_str(), updated["idAdresse"].as_i64()),
        (Some("Villeurbanne"), Some(id))
    );
    assert!(updated["entreprise"].is_null());

    c.expect(204, "DELETE", &format!("Adresses/{id}"), None)
        .await;
    assert!(my_addresses(&c).await.is_empty());
    assert_eq!(
        c.proxy("DELETE", &format!("Adresses/{id}"), None)
            .await
            .status(),
        404
    );
}

#[tokio::test]
async fn another_customer_s_address_answers_404_and_stays_untouched() {
    let app = spawn_app().await;
    let a = a_customer(&app).await;
    let b = a_customer(&app).email("paul@exemple.fr").await;
    let (_, created) = create(&a, payload()).await;
    let id = created["idAdresse"].as_i64().unwrap();
    let mut hijack = payload();
    hijack["ville"] = json!("Marseille");
    hijack["codePostal"] = json!("13001");
    assert_eq!(
        b.proxy("PUT", &format!("Adresses/{id}"), Some(hijack))
            .await
            .status(),
        404
    );
    assert_eq!(
        b.proxy("DELETE", &format!("Adresses/{id}"), None)
            .await
            .status(),
        404
    );
    assert_eq!(my_addresses(&a).await, vec![created]);
    assert!(my_addresses(&b).await.is_empty());
}

#[tokio::test]
async fn unknown_or_malformed_ids_answer_404() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    for id in ["999999", "abc", "-1", "0"] {
        assert_eq!(
            c.proxy("PUT", &format!("Adresses/{id}"), Some(payload()))
                .await
                .status(),
            404,
            "{id}"
        );
        assert_eq!(
            c.proxy("DELETE", &format!("Adresses/{id}"), None)
                .await
                .status(),
            404,
            "{id}"
        );
    }
}

#[tokio::test]
async fn anonymous_visitors_cannot_create_addresses() {
    let app = spawn_app().await;
    let c = a_visitor(&app).await;
    assert_eq!(create(&c, payload()).await.0, 401);
}
