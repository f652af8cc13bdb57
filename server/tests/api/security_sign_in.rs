//! Issue 12's security findings on the sign-in: a forged `X-Forwarded-For` and the per-e-mail
//! limit with its captcha (finding 1); the `Auth/login` controller on the credentials sign-in's
//! path and limits (finding 8); a callback URL with a tab going home (finding 6).

use reqwest::StatusCode;
use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::a_visitor;
use crate::helpers::{scalar, solve_captcha, spawn_app, spawn_app_with, TestClient, PASSWORD};

const EMAIL: &str = "jeanne@exemple.fr";

/// A credentials sign-in sent through a proxy that wrote `forwarded` in `X-Forwarded-For`.
async fn sign_in_via(
    c: &mut TestClient,
    forwarded: &str,
    email: &str,
    password: &str,
    altcha: Option<&str>,
) -> (StatusCode, Value) {
    let token = c.csrf_token().await;
    let mut form = vec![
        ("csrfToken", token.as_str()),
        ("callbackUrl", "/"),
        ("json", "true"),
        ("email", email),
        ("password", password),
    ];
    if let Some(a) = altcha {
        form.push(("altcha", a));
    }
    let res = c
        .http
        .post(c.url("/api/auth/callback/credentials"))
        .header("x-forwarded-for", forwarded)
        .form(&form)
        .send()
        .await
        .unwrap();
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn six_wrong_passwords_for_one_email_from_six_forged_addresses_get_429() {
    let app = spawn_app_with(|s| s.trust_proxy = true).await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    for i in 1..=5 {
        let (status, body) =
            sign_in_via(&mut c, &format!("203.0.113.{i}"), EMAIL, "mauvais", None).await;
        assert_eq!(status, 401, "attempt {i}: {body}");
    }
    let (status, body) = sign_in_via(&mut c, "203.0.113.6", EMAIL, "mauvais", None).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["captcha_required"], true);
    // The right password alone does not pass either...
    let (status, _) = sign_in_via(&mut c, "203.0.113.7", EMAIL, PASSWORD, None).await;
    assert_eq!(status, 429);
    // ... but the owner is never locked out: with a solved captcha, the sign-in goes through.
    let altcha = solve_captcha(&c).await;
    let (status, body) = sign_in_via(&mut c, "203.0.113.8", EMAIL, PASSWORD, Some(&altcha)).await;
    assert_eq!(status, 200, "{body}");
    // A success forgets the e-mail's failures.
    let mut other = app.client();
    let (status, _) = sign_in_via(&mut other, "203.0.113.9", EMAIL, "mauvais", None).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_spoofed_leftmost_forwarded_entry_is_ignored() {
    let app = spawn_app_with(|s| s.trust_proxy = true).await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    let (status, body) =
        sign_in_via(&mut c, "198.51.100.7, 203.0.113.9", EMAIL, PASSWORD, None).await;
    assert_eq!(status, 200, "{body}");
    let ip: String = scalar!(app, "SELECT ip FROM sessions");
    assert_eq!(ip, "203.0.113.9");
}

#[tokio::test]
async fn without_trust_proxy_the_forwarded_header_is_not_believed() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    let (status, _) = sign_in_via(&mut c, "203.0.113.9", EMAIL, PASSWORD, None).await;
    assert_eq!(status, 200);
    let ip: String = scalar!(app, "SELECT ip FROM sessions");
    assert_eq!(ip, "127.0.0.1");
}

#[tokio::test]
async fn auth_login_signs_in_on_the_credentials_path_and_limits() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let c = a_visitor(&app).await;
    let wrong = json!({"email": EMAIL, "password": "mauvais"});
    let right = json!({"email": EMAIL, "password": PASSWORD});
    let (status, body) = c.call("POST", "Auth/login", Some(wrong.clone())).await;
    assert_eq!(status, 401);
    assert_eq!(body["message"], "Adresse e-mail ou mot de passe incorrect.");
    let (status, body) = c.call("POST", "Auth/login", Some(right.clone())).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["two_factor_required"], false);
    assert_eq!(c.proxy("GET", "Comptes/me", None).await.status(), 200);

    // Without the CSRF token, refused.
    let bare = app.client();
    let (status, _) = bare.call("POST", "Auth/login", Some(right.clone())).await;
    assert_eq!(status, 403);

    // The same buckets as the credentials sign-in: four failures there, one here, then 429.
    let mut other = app.client();
    for _ in 0..4 {
        assert_eq!(other.sign_in(EMAIL, "mauvais").await.status(), 401);
    }
    let (status, _) = other.call("POST", "Auth/login", Some(wrong)).await;
    assert_eq!(status, 401);
    let (status, _) = other.call("POST", "Auth/login", Some(right)).await;
    assert_eq!(status, 429);
}

#[tokio::test]
async fn a_callback_url_with_a_tab_goes_home() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    let token = c.csrf_token().await;
    let form = [
        ("csrfToken", token.as_str()),
        ("callbackUrl", "/\t/evil.example"),
        ("json", "true"),
        ("email", EMAIL),
        ("password", PASSWORD),
    ];
    let body: Value = c.post_credentials(&form).await.json().await.unwrap();
    assert_eq!(body["url"], "/");
}
