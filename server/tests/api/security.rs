//! Security headers, body limits and 5xx bodies without internals.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::spawn_app;

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = spawn_app().await;
    let c = app.client();
    for path in ["/", "/api/auth/session", "/assets/app-1a2b3c.js"] {
        let res = c.get(path).await;
        let csp = res.headers()["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"));
        assert!(!csp.contains("unsafe-inline"));
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        assert_eq!(res.headers()["x-frame-options"], "DENY");
        assert!(res.headers().contains_key("referrer-policy"));
    }
}

#[tokio::test]
async fn an_oversized_json_body_is_refused() {
    let app = spawn_app().await;
    let c = app.client();
    let big = "x".repeat(2 * 1024 * 1024);
    let res = c
        .send_json(
            Method::POST,
            "/api/proxy",
            Some(json!({ "path": "Comptes", "body": big })),
        )
        .await;
    assert_eq!(res.status(), 413);
}

#[tokio::test]
async fn a_server_error_says_only_the_generic_message() {
    let app = spawn_app().await;
    sqlx::query("DELETE FROM catalogs")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let c = app.client();
    let res = c.proxy("GET", "Combinaison/full", None).await;
    assert_eq!(res.status(), 500);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body, json!({ "message": "Erreur serveur interne" }));
}
