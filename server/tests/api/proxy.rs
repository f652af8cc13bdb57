//! `POST /api/proxy`: in-process forwarding with the caller's session, status and body unchanged.

use reqwest::Method;
use serde_json::{json, Value};

use crate::builders::{a_customer, cube};
use crate::helpers::{spawn_app, TestClient};

#[tokio::test]
async fn the_proxy_returns_the_controller_status_and_body_unchanged() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let direct = c.get("/api/backend/Comptes/me").await;
    let proxied = c.proxy("GET", "Comptes/me", None).await;
    assert_eq!(direct.status(), proxied.status());
    assert_eq!(
        direct.json::<Value>().await.unwrap(),
        proxied.json::<Value>().await.unwrap()
    );
}

#[tokio::test]
async fn a_204_stays_a_204_without_body() {
    let app = spawn_app().await;
    let c = app.client();
    let res = c.proxy("GET", "health", None).await;
    assert_eq!(res.status(), 204);
    assert!(res.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn errors_of_the_controller_pass_through() {
    let app = spawn_app().await;
    let c = app.client();
    let body = c.expect(401, "GET", "Comptes/me", None).await;
    assert!(body["message"].is_string());
    assert_eq!(c.proxy("GET", "Inconnu/42", None).await.status(), 404);
}

#[tokio::test]
async fn paths_outside_the_controllers_are_refused() {
    let app = spawn_app().await;
    let c = app.client();
    for path in [
        "../admin/set-maintenance",
        "Comptes/../../x",
        "http://exemple.fr/",
        "",
    ] {
        let res = c.proxy("GET", path, None).await;
        assert_eq!(res.status(), 400, "{path}");
    }
    assert_eq!(c.proxy("TRACE", "Comptes", None).await.status(), 400);
}

#[tokio::test]
async fn a_signed_in_call_without_the_csrf_header_is_refused() {
    let app = spawn_app().await;
    let mut c = a_customer(&app).await;
    c.csrf = Some("faux-jeton".into());
    c.expect(403, "PUT", "Comptes", Some(json!({ "nom": "Pirate" })))
        .await;
    c.csrf = None;
    let res = c
        .send_json(
            Method::POST,
            "/api/proxy",
            Some(json!({ "path": "Comptes/me" })),
        )
        .await;
    assert_eq!(res.status(), 403);
}

/// `POST Commande` through the proxy, with or without an `Idempotency-Key` header.
async fn order_through_proxy(c: &TestClient, key: Option<&str>, address: i64) -> (u16, Value) {
    let call = json!({
        "path": "Commande",
        "httpMethod": "POST",
        "body": {
            "idAdresseLivraison": address, "idAdresseFacturation": address,
            "modePaiement": "virement", "cgvAcceptees": true
        }
    });
    let mut req = c
        .http
        .post(c.url("/api/proxy"))
        .header("x-csrf-token", c.csrf.clone().unwrap())
        .json(&call);
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    let res = req.send().await.unwrap();
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn the_idempotency_key_header_reaches_the_order_controller() {
    let app = spawn_app().await;
    let c = a_customer(&app).with_basket(cube()).await;
    let address = json!({
        "idPays": "fr", "ville": "Lyon", "codePostal": "69003", "rue": "12 rue de la Part-Dieu",
        "complement": "", "nom": "Dupont", "prenom": "Jeanne", "tel": "",
        "nom_entreprise": "", "numero_tva": ""
    });
    let res = c.proxy("POST", "Adresses", Some(address)).await;
    assert!(res.status().is_success());
    let created: Value = res.json().await.unwrap();
    let id = created["idAdresse"].as_i64().unwrap();
    // Without the header the controller refuses (so the key cannot have been read elsewhere).
    assert_eq!(order_through_proxy(&c, None, id).await.0, 400);
    let (first, a) = order_through_proxy(&c, Some("2f1c6a56-proxy-key"), id).await;
    let (again, b) = order_through_proxy(&c, Some("2f1c6a56-proxy-key"), id).await;
    assert_eq!(first, 201, "{a}");
    assert!(again == 200 || again == 201, "{b}");
    assert_eq!(a["id_commande"], b["id_commande"]);
}
