//! The `Entreprise` controller: the customer's companies, their intra-EU VAT numbers (format,
//! and the key for France), attachment to an address, and ownership.

use serde_json::{json, Value};

use crate::builders::{a_customer, a_visitor};
use crate::helpers::spawn_app;

#[tokio::test]
async fn a_company_is_created_listed_updated_and_deleted() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let body = json!({"nom_entreprise": "Atelier Dupont", "numero_tva": "fr40303265045"});
    let (status, company) = c.call("POST", "Entreprise", Some(body)).await;
    assert_eq!(status, 201, "{company}");
    assert_eq!(company["nom_Entreprise"], "Atelier Dupont");
    assert_eq!(company["numero_Tva"], "FR40303265045");
    let id = company["id_entreprise"].as_i64().unwrap();
    assert_eq!(
        c.call("GET", "Entreprise", None).await,
        (200, json!([company]))
    );

    let (status, updated) = c.call("PUT", "Entreprise", Some(json!({"id_entreprise": id, "nom_entreprise": "Atelier Dupont SAS", "numero_tva": "DE123456789"}))).await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(
        (
            updated["nom_Entreprise"].as_str(),
            updated["numero_Tva"].as_str()
        ),
        (Some("Atelier Dupont SAS"), Some("DE123456789"))
    );
    let body = json!({"nom_entreprise": "Atelier Dupont", "numero_tva": ""});
    let (status, updated) = c.call("PUT", &format!("Entreprise/{id}"), Some(body)).await;
    assert_eq!(status, 200);
    assert!(updated["numero_Tva"].is_null());

    assert_eq!(
        c.call("DELETE", "Entreprise", None).await.0,
        204,
        "the only company is the one meant"
    );
    assert_eq!(c.call("GET", "Entreprise", None).await, (200, json!([])));
}

#[tokio::test]
async fn vat_numbers_are_checked_by_format_and_french_key() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    for (tva, message) in [
        ("FR41303265045", "Le numéro de TVA intracommunautaire est invalide (clé de contrôle incorrecte)."),
        ("FR4030326504", "Le numéro de TVA intracommunautaire n'a pas le format attendu pour ce pays."),
        ("US123456789", "Le numéro de TVA doit commencer par le code d'un pays de l'Union européenne (par exemple FR)."),
    ] {
        let (status, body) = c.call("POST", "Entreprise", Some(json!({"nom_entreprise": "Atelier", "numero_tva": tva}))).await;
        assert_eq!((status, body), (400, json!({"errors": [message]})), "{tva}");
    }
    let body = json!({"numero_tva": "FR40303265045"});
    let (status, body) = c.call("POST", "Entreprise", Some(body)).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"][0],
        "Indiquez le nom de l'entreprise de ce numéro de TVA."
    );
    assert_eq!(c.call("GET", "Entreprise", None).await.1, json!([]));
}

#[tokio::test]
async fn a_company_can_be_attached_to_an_address_and_deleting_it_detaches_it() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let address = json!({"idPays": "be", "ville": "Bruxelles", "codePostal": "1000", "rue": "Rue Neuve 1",
        "complement": "", "nom": "Dupont", "prenom": "Jeanne", "tel": "", "nom_entreprise": "", "numero_tva": ""});
    let (_, a) = c.call("POST", "Adresses", Some(address)).await;
    let address_id = a["idAdresse"].as_i64().unwrap();
    let (status, company) = c.call("POST", "Entreprise", Some(json!({"nom_entreprise": "Dupont BV", "numero_tva": "NL123456789B01", "idAdresse": address_id}))).await;
    assert_eq!(status, 201);
    let me: Value = c.get_json("Comptes/me").await;
    assert_eq!(
        me["adresses"][0]["entreprise"]["nom_Entreprise"],
        "Dupont BV"
    );

    let id = company["id_entreprise"].as_i64().unwrap();
    assert_eq!(
        c.call("DELETE", &format!("Entreprise/{id}"), None).await.0,
        204
    );
    let me: Value = c.get_json("Comptes/me").await;
    assert!(me["adresses"][0]["entreprise"].is_null());
}

#[tokio::test]
async fn another_customer_s_company_answers_404_and_stays_untouched() {
    let app = spawn_app().await;
    let a = a_customer(&app).await;
    let b = a_customer(&app).email("paul@exemple.fr").await;
    let body = json!({"nom_entreprise": "Atelier Dupont"});
    let (_, company) = a.call("POST", "Entreprise", Some(body)).await;
    let id = company["id_entreprise"].as_i64().unwrap();
    let rename = json!({"id_entreprise": id, "nom_entreprise": "Piraté"});
    assert_eq!(b.call("PUT", "Entreprise", Some(rename)).await.0, 404);
    assert_eq!(
        b.call("GET", &format!("Entreprise/{id}"), None).await.0,
        404
    );
    assert_eq!(
        b.call("DELETE", &format!("Entreprise/{id}"), None).await.0,
        404
    );
    assert_eq!(
        b.call("DELETE", "Entreprise", Some(json!({"id_entreprise": id})))
            .await
            .0,
        404
    );
    assert_eq!(
        a.call("GET", "Entreprise", None).await,
        (200, json!([company]))
    );
    let (_, b_address) = b
        .call(
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
        a.call("POST", "Entreprise", Some(attach)).await.0,
        404,
        "A cannot attach to B's address"
    );
}

#[tokio::test]
async fn anonymous_visitors_cannot_manage_companies() {
    let app = spawn_app().await;
    let c = a_visitor(&app).await;
    assert_eq!(
        c.call("POST", "Entreprise", Some(json!({"nom_entreprise": "X"})))
            .await
            .0,
        401
    );
    assert_eq!(c.call("GET", "Entreprise", None).await.0, 401);
}

/// Issue 22, finding 6: the companies of one account are capped like its addresses, and the
/// cap holds when the creations arrive together.
#[tokio::test]
async fn an_account_keeps_at_most_fifty_companies_even_under_concurrent_creations() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let create = |n: usize| {
        let c = &c;
        async move {
            let body = json!({ "nom_entreprise": format!("Atelier {n}") });
            c.call("POST", "Entreprise", Some(body)).await
        }
    };
    for n in 0..45 {
        assert_eq!(create(n).await.0, 201);
    }
    let answers = futures_util::future::join_all((45..60).map(create)).await;
    let created = answers.iter().filter(|(s, _)| *s == 201).count();
    assert_eq!(created, 5, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != 201) {
        assert_eq!(*status, 400, "{body}");
        assert_eq!(
            body["message"],
            "Vous ne pouvez pas enregistrer plus de 50\u{a0}entreprises."
        );
    }
    let (_, list) = c.call("GET", "Entreprise", None).await;
    assert_eq!(list.as_array().unwrap().len(), 50);
}
