//! `POST /api/proxy`: in-process forwarding with the caller's session, status and body unchanged.

use reqwest::Method;
use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_proxy_returns_the_controller_status_and_body_unchanged() {
    let app = spawn_app().await;
    let (c, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
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
    let res = c.proxy("GET", "Comptes/me", None).await;
    assert_eq!(res.status(), 401);
    let body: Value = res.json().await.unwrap();
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
    let (mut c, _) = app.signed_in("jeanne@exemple.fr", Role::Client).await;
    c.csrf = Some("faux-jeton".into());
    let res = c
        .proxy("PUT", "Comptes", Some(json!({ "nom": "Pirate" })))
        .await;
    assert_eq!(res.status(), 403);
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
