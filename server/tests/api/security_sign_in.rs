//! Issue 12's security findings on the sign-in: a forged `X-Forwarded-For` and the per-e-mail
//! limit with its captcha (finding 1); the `Auth/login` controller on the credentials sign-in's
//! path and limits (finding 8); a callback URL with a tab going home (finding 6).

use reqwest::StatusCode;
use serde_json::{json, Value};
use server::auth::sign_in_lock;
use server::db::accounts::Role;

use crate::builders::a_visitor;
use crate::helpers::{
    exec, scalar, solve_captcha, solve_captcha_for, spawn_app, spawn_app_with, TestClient, PASSWORD,
};
use crate::mail_helpers::{text_part, wait_for_mails_to};

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
    // ... but the owner is never locked out: with a solved captcha (the one asked for the
    // e-mail, twice the base cost after five failures), a second later, the sign-in goes through.
    exec!(
        app,
        "UPDATE rate_limit_events SET created_at = created_at - 2"
    );
    let altcha = solve_captcha_for(&c, EMAIL).await;
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

/// Issue 22, finding 1: every address of one IPv6 /64 is one client for the limits, so 100
/// wrong passwords from 100 addresses of a /64, each with a solved captcha, mostly never reach
/// the password check.
#[tokio::test]
async fn a_hundred_guesses_from_one_ipv6_64_mostly_stop_before_the_password_check() {
    let app = spawn_app_with(|s| s.trust_proxy = true).await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    let mut checked = 0;
    for i in 1..=100 {
        let altcha = solve_captcha(&c).await;
        let from = format!("2001:db8:1:2::{i:x}");
        let (status, body) = sign_in_via(&mut c, &from, EMAIL, "mauvais", Some(&altcha)).await;
        match status {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => {}
            other => panic!("attempt {i}: {other} {body}"),
        }
    }
    // The per-address-and-e-mail bucket of the /64 (5 in 15 minutes).
    assert_eq!(checked, 5, "passwords checked");
}

/// The seconds a patient guesser waits after `failures` failures on one e-mail before the next
/// attempt: the growing delay, and nothing once the lock is reached.
fn patience(failures: i64) -> i64 {
    if failures >= sign_in_lock::LOGIN_LOCK_PER_EMAIL.max {
        0
    } else {
        sign_in_lock::delay_after(failures) + 1
    }
}

/// Issue 22, finding 1: 100 wrong passwords from 100 different addresses, each with a solved
/// captcha: at most 20 an hour reach the password check of one account; the owner is e-mailed
/// an unlock link, and signs in from the browser that opened it.
#[tokio::test]
async fn a_hundred_guesses_from_a_hundred_addresses_hit_the_account_lock() {
    let app = spawn_app_with(|s| s.trust_proxy = true).await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    let mut checked: i64 = 0;
    let mut locked = None;
    for i in 1..=100 {
        // A patient guesser: each attempt comes after the growing wait of the previous failures
        // (the clock moved back by that wait; 15 minutes in all before the lock).
        exec!(
            app,
            "UPDATE rate_limit_events SET created_at = created_at - $1",
            patience(checked)
        );
        let altcha = solve_captcha_for(&c, EMAIL).await;
        let from = format!("198.51.{}.{}", i / 200, i % 200 + 1);
        let (status, body) = sign_in_via(&mut c, &from, EMAIL, "mauvais", Some(&altcha)).await;
        match status {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => locked = Some(body),
            other => panic!("attempt {i}: {other} {body}"),
        }
    }
    assert_eq!(checked, 20, "passwords checked in the hour");
    let locked = locked.expect("a locked answer");
    assert_eq!(locked["locked"], true);
    assert!(
        locked["message"]
            .as_str()
            .unwrap()
            .contains("Trop de tentatives de connexion"),
        "{locked}"
    );
    // An e-mail without an account answers the same once over the limit (no enumeration).
    let mut stranger = app.client();
    for i in 1..=21i64 {
        exec!(
            app,
            "UPDATE rate_limit_events SET created_at = created_at - $1",
            patience(i - 1)
        );
        let altcha = solve_captcha_for(&stranger, "personne@exemple.fr").await;
        let from = format!("192.0.2.{i}");
        let (status, body) = sign_in_via(
            &mut stranger,
            &from,
            "personne@exemple.fr",
            "x",
            Some(&altcha),
        )
        .await;
        if i == 21 {
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
            assert_eq!(body, locked);
        }
    }
    // The right password from a new browser is locked out too...
    let mut owner = app.client();
    let altcha = solve_captcha_for(&owner, EMAIL).await;
    let (status, _) = sign_in_via(&mut owner, "203.0.113.50", EMAIL, PASSWORD, Some(&altcha)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // ... until the owner opens the e-mailed link in it (one e-mail, however many attempts).
    let mails = wait_for_mails_to(&app, EMAIL, 1).await;
    assert_eq!(mails.len(), 1);
    let text = text_part(&mails[0]);
    let link = text
        .split_whitespace()
        .find(|w| w.contains("/api/auth/unlock?token="))
        .unwrap_or_else(|| panic!("no unlock link in {text}"));
    let path = &link[link.find("/api/auth/unlock").unwrap()..];
    let res = owner.get(path).await;
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "/connexion_compte?debloque=1");
    // A guesser's browser stays locked.
    let altcha = solve_captcha_for(&c, EMAIL).await;
    let (status, _) = sign_in_via(&mut c, "198.51.9.9", EMAIL, "mauvais", Some(&altcha)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let altcha = solve_captcha_for(&owner, EMAIL).await;
    let (status, body) =
        sign_in_via(&mut owner, "203.0.113.50", EMAIL, PASSWORD, Some(&altcha)).await;
    assert_eq!(status, 200, "{body}");
    // The link served its purpose: opened again, it is dead.
    let res = app.client().get(path).await;
    assert_eq!(
        res.headers()["location"],
        "/connexion_compte?debloque=expire"
    );
}

/// Issue 22, finding 1: past five failures on one e-mail, each attempt must come 1, 2, 4, 8 …
/// seconds after the previous one, whatever the address (429 with `Retry-After`, not counted),
/// and the captcha the sign-in asks for costs more: after eight failures, a challenge of the
/// base cost is refused, the one asked for the e-mail (four times costlier) passes.
#[tokio::test]
async fn past_five_failures_each_attempt_waits_longer_and_the_captcha_costs_more() {
    let app = spawn_app_with(|s| s.trust_proxy = true).await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    for i in 1..=8 {
        exec!(
            app,
            "UPDATE rate_limit_events SET created_at = created_at - 10"
        );
        let altcha = solve_captcha_for(&c, EMAIL).await;
        let from = format!("203.0.113.{i}");
        let (status, body) = sign_in_via(&mut c, &from, EMAIL, "mauvais", Some(&altcha)).await;
        assert_eq!(status, 401, "attempt {i}: {body}");
    }
    // At once after the eighth failure: 8 seconds to wait, from any address.
    let altcha = solve_captcha_for(&c, EMAIL).await;
    let token = c.csrf_token().await;
    let res = c
        .http
        .post(c.url("/api/auth/callback/credentials"))
        .header("x-forwarded-for", "203.0.113.60")
        .form(&[
            ("csrfToken", token.as_str()),
            ("json", "true"),
            ("email", EMAIL),
            ("password", PASSWORD),
            ("altcha", altcha.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 429);
    let wait: i64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=8).contains(&wait), "{wait}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["retry_after"], wait);
    assert!(
        body["message"].as_str().unwrap().contains("Patientez"),
        "{body}"
    );
    let counted: i64 = scalar!(
        app,
        "SELECT COUNT(*) FROM rate_limit_events WHERE bucket = $1",
        format!("login-lock:{EMAIL}")
    );
    assert_eq!(counted, 8, "a delayed attempt is not counted");

    // After the wait: a captcha of the base cost no longer passes...
    exec!(
        app,
        "UPDATE rate_limit_events SET created_at = created_at - 10"
    );
    let cheap = solve_captcha(&c).await;
    let (status, body) = sign_in_via(&mut c, "203.0.113.61", EMAIL, PASSWORD, Some(&cheap)).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["captcha_required"], true);
    // ... the one the sign-in asks for the e-mail costs four times more, and lets the owner in.
    let costly: server::auth::captcha::Challenge = c
        .get("/api/captcha/challenge?email=jeanne%40exemple.fr")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(costly.maxnumber, 4 * 2_000);
    let altcha = server::auth::captcha::solve(&costly).unwrap();
    let (status, body) = sign_in_via(&mut c, "203.0.113.62", EMAIL, PASSWORD, Some(&altcha)).await;
    assert_eq!(status, 200, "{body}");
}
