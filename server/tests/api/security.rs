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

/// The `'nonce-…'` source of a policy, if any.
fn nonce_of(csp: &str) -> Option<String> {
    let start = csp.find("'nonce-")? + "'nonce-".len();
    let len = csp[start..].find('\'')?;
    Some(csp[start..start + len].to_owned())
}

#[tokio::test]
async fn each_page_gets_its_own_nonce_in_the_policy_and_in_the_html() {
    let app = spawn_app().await;
    let c = app.client();
    let mut seen = Vec::new();
    for path in ["/", "/", "/devis_ligne", "/index.html", "/page-inconnue"] {
        let res = c.get(path).await;
        let csp = res.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        let nonce = nonce_of(&csp).unwrap_or_else(|| panic!("{path}: no nonce in {csp}"));
        assert!(nonce.len() >= 22, "{nonce}");
        assert!(csp.contains(&format!(
            "script-src 'self' 'wasm-unsafe-eval' 'nonce-{nonce}';"
        )));
        assert!(csp.contains(&format!("style-src 'self' 'nonce-{nonce}';")));
        assert!(!csp.contains("unsafe-inline") && !csp.contains("'unsafe-eval'"));
        let html = res.text().await.unwrap();
        assert!(html.contains("FA-SPA"), "{path}: {html}");
        assert!(
            html.contains(&format!("<meta name=\"csp-nonce\" content=\"{nonce}\">")),
            "{path}: {html}"
        );
        assert!(
            html.contains(&format!("nonce=\"{nonce}\"></script>")),
            "{html}"
        );
        assert!(!html.contains("__CSP_NONCE__"), "{html}");
        assert!(!seen.contains(&nonce), "{path}: nonce {nonce} served twice");
        seen.push(nonce);
    }
    // Other responses keep the policy without a nonce.
    for path in [
        "/api/auth/session",
        "/assets/app-1a2b3c.js",
        "/version.json",
    ] {
        let res = c.get(path).await;
        let csp = res.headers()["content-security-policy"].to_str().unwrap();
        assert!(nonce_of(csp).is_none(), "{path}: {csp}");
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
    let (c, _) = app
        .signed_in("jeanne@exemple.fr", server::db::accounts::Role::Client)
        .await;
    // The database goes away (the pool is the server's own): the session cannot be read.
    app.db.pool.close().await;
    let res = c.proxy("GET", "Comptes/me", None).await;
    assert_eq!(res.status(), 500);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body, json!({ "message": "Erreur serveur interne" }));
}
