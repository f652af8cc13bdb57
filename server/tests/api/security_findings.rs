//! Issue 12's security findings, each with the test that proves it fixed: forged
//! `X-Forwarded-For` and the per-e-mail sign-in limit with its captcha (1), the e-mail change
//! that needs a session and the password and tells the former address (2), attempts counted
//! before the comparison under parallel requests (3), no account enumeration (4), and the
//! `Auth/login` controller on the sign-in's path and limits (8).

use reqwest::StatusCode;
use serde_json::{json, Value};
use server::db::accounts::{self, Role};
use sqlx::Row;

use crate::helpers::{solve_captcha, spawn_app, spawn_app_with, TestApp, TestClient, PASSWORD};
use crate::mail_helpers::{eml_files, six_digit_code, text_part, wait_for_files};

const EMAIL: &str = "jeanne@exemple.fr";

async fn call(c: &TestClient, path: &str, body: Value) -> (StatusCode, Value) {
    let res = c.proxy("POST", path, Some(body)).await;
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn outbox(app: &TestApp) -> std::path::PathBuf {
    app.dir.path().join("data/outbox")
}

/// The messages of the outbox sent to `to`, oldest first.
fn mails_to(app: &TestApp, to: &str) -> Vec<String> {
    eml_files(&outbox(app))
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .filter(|m| {
            m.lines()
                .take_while(|l| !l.is_empty() && *l != "\r")
                .any(|l| l.starts_with("To:") && l.contains(to))
        })
        .collect()
}

/// Waits until `to` has received `n` messages.
async fn wait_for_mails_to(app: &TestApp, to: &str, n: usize) -> Vec<String> {
    for _ in 0..200 {
        let found = mails_to(app, to);
        if found.len() >= n {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!(
        "expected {n} e-mails to {to}, found {}",
        mails_to(app, to).len()
    );
}

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

// --- Finding 1 -------------------------------------------------------------------------------

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
    assert_eq!(body["captchaRequired"], true);
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
    let row = sqlx::query("SELECT ip FROM sessions")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>("ip"), "203.0.113.9");
}

#[tokio::test]
async fn without_trust_proxy_the_forwarded_header_is_not_believed() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    let (status, _) = sign_in_via(&mut c, "203.0.113.9", EMAIL, PASSWORD, None).await;
    assert_eq!(status, 200);
    let row = sqlx::query("SELECT ip FROM sessions")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>("ip"), "127.0.0.1");
}

// --- Finding 2 -------------------------------------------------------------------------------

#[tokio::test]
async fn the_email_change_calls_need_a_session() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    c.csrf_token().await;
    for (path, body) in [
        (
            "Email/send/email_reset",
            json!({"email": "nouvelle@exemple.fr", "password": PASSWORD}),
        ),
        (
            "Email/verify/email_reset",
            json!({"email": "nouvelle@exemple.fr", "code": "123456"}),
        ),
        (
            "Email/reset/email_reset",
            json!({"oldEmail": EMAIL, "newEmail": "nouvelle@exemple.fr"}),
        ),
    ] {
        let (status, answer) = call(&c, path, body).await;
        assert_eq!(status, 401, "{path}: {answer}");
    }
    assert!(eml_files(&outbox(&app)).is_empty(), "nothing was sent");
}

#[tokio::test]
async fn the_new_address_gets_the_code_and_the_old_one_a_notice() {
    let app = spawn_app().await;
    let (me, id) = app.signed_in(EMAIL, Role::Client).await;
    let new = "jeanne.dupont@exemple.fr";

    let (status, body) = call(
        &me,
        "Email/send/email_reset",
        json!({"email": new, "password": "pas-le-bon"}),
    )
    .await;
    assert_eq!(
        (status.as_u16(), body["message"].clone()),
        (400, json!("Mot de passe incorrect."))
    );
    assert!(eml_files(&outbox(&app)).is_empty());

    let (status, body) = call(
        &me,
        "Email/send/email_reset",
        json!({"email": new, "password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let code = six_digit_code(&text_part(&wait_for_mails_to(&app, new, 1).await[0]));
    assert!(
        mails_to(&app, EMAIL).is_empty(),
        "the code goes to the new address only"
    );

    // Not changed before the new address is proved.
    let change = json!({"oldEmail": EMAIL, "newEmail": new});
    let (status, _) = call(&me, "Email/reset/email_reset", change.clone()).await;
    assert_eq!(status, 400);

    // Another account cannot use this account's code.
    let (intruder, _) = app.signed_in("paul@exemple.fr", Role::Client).await;
    let (status, _) = call(
        &intruder,
        "Email/verify/email_reset",
        json!({"email": new, "code": code}),
    )
    .await;
    assert_eq!(status, 400);

    let (status, body) = call(
        &me,
        "Email/verify/email_reset",
        json!({"email": new, "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = call(&me, "Email/reset/email_reset", change.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["email"], new);
    assert_eq!(
        accounts::find(&mut app.db.acquire().await.unwrap(), id)
            .await
            .unwrap()
            .unwrap()
            .email,
        new
    );

    let notice = text_part(&wait_for_mails_to(&app, EMAIL, 1).await[0]);
    assert!(notice.contains(new), "{notice}");
    assert!(
        notice.contains("a été modifiée") || notice.contains("remplacée"),
        "{notice}"
    );
}

// --- Finding 3 -------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_wrong_email_codes_get_at_most_five_answers_other_than_429() {
    let app = spawn_app().await;
    let mut c = app.client();
    c.csrf_token().await;
    let (status, _) = call(
        &c,
        "Email/send/account_creation",
        json!({"email": "nouveau@exemple.fr"}),
    )
    .await;
    assert_eq!(status, 200);
    let code = six_digit_code(&text_part(&wait_for_files(&outbox(&app), 1).await[0]));
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let c = c.clone();
            tokio::spawn(async move {
                call(
                    &c,
                    "Email/verify/account_creation",
                    json!({"email": "nouveau@exemple.fr", "code": wrong}),
                )
                .await
                .0
                .as_u16()
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    assert!(
        statuses.iter().all(|s| *s == 400 || *s == 429),
        "{statuses:?}"
    );
    let passed = statuses.iter().filter(|s| **s != 429).count();
    assert!(passed <= 5, "{passed} answers other than 429: {statuses:?}");
    let (status, _) = call(
        &c,
        "Email/verify/account_creation",
        json!({"email": "nouveau@exemple.fr", "code": code}),
    )
    .await;
    assert_eq!(status, 429, "the code is burnt");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_wrong_passwords_get_at_most_five_answers_other_than_429() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    c.csrf_token().await;
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let mut c = c.clone();
            tokio::spawn(async move { c.sign_in(EMAIL, "mauvais").await.status().as_u16() })
        })
        .collect();
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    assert!(
        statuses.iter().all(|s| *s == 401 || *s == 429),
        "{statuses:?}"
    );
    let passed = statuses.iter().filter(|s| **s != 429).count();
    assert!(passed <= 5, "{passed} answers other than 429: {statuses:?}");
}

// --- Finding 4 -------------------------------------------------------------------------------

#[tokio::test]
async fn account_creation_answers_alike_for_a_taken_address_and_limits_first() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    c.csrf_token().await;
    let (taken_status, taken) =
        call(&c, "Email/send/account_creation", json!({"email": EMAIL})).await;
    let (free_status, free) = call(
        &c,
        "Email/send/account_creation",
        json!({"email": "libre@exemple.fr"}),
    )
    .await;
    assert_eq!((taken_status, &taken), (free_status, &free));
    assert_eq!(taken_status, 200);
    // The owner of the taken address is told, and gets no code.
    let notice = text_part(&wait_for_mails_to(&app, EMAIL, 1).await[0]);
    assert!(notice.contains("a déjà un compte"), "{notice}");
    assert!(notice.contains("/connexion_compte"), "{notice}");
    // The per-address limit applies to taken addresses too, before anything else.
    for _ in 0..4 {
        let (status, _) = call(&c, "Email/send/account_creation", json!({"email": EMAIL})).await;
        assert_eq!(status, 200);
    }
    let (status, _) = call(&c, "Email/send/account_creation", json!({"email": EMAIL})).await;
    assert_eq!(status, 429);
    assert_eq!(mails_to(&app, EMAIL).len(), 5);
}

#[tokio::test]
async fn the_email_change_answers_alike_for_a_taken_address() {
    let app = spawn_app().await;
    app.create_account("paul@exemple.fr", Role::Client).await;
    let (me, id) = app.signed_in(EMAIL, Role::Client).await;
    let (taken_status, taken) = call(
        &me,
        "Email/send/email_reset",
        json!({"email": "paul@exemple.fr", "password": PASSWORD}),
    )
    .await;
    let (free_status, free) = call(
        &me,
        "Email/send/email_reset",
        json!({"email": "libre@exemple.fr", "password": PASSWORD}),
    )
    .await;
    assert_eq!((taken_status, &taken), (free_status, &free));
    assert_eq!(taken_status, 200);
    let notice = text_part(&wait_for_mails_to(&app, "paul@exemple.fr", 1).await[0]);
    assert!(notice.contains("Aucune modification"), "{notice}");
    let (status, _) = call(
        &me,
        "Email/reset/email_reset",
        json!({"oldEmail": EMAIL, "newEmail": "paul@exemple.fr"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        accounts::find(&mut app.db.acquire().await.unwrap(), id)
            .await
            .unwrap()
            .unwrap()
            .email,
        EMAIL
    );
}

// --- Finding 8 -------------------------------------------------------------------------------

#[tokio::test]
async fn auth_login_signs_in_on_the_credentials_path_and_limits() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let mut c = app.client();
    c.csrf_token().await;
    let (status, body) = call(
        &c,
        "Auth/login",
        json!({"email": EMAIL, "password": "mauvais"}),
    )
    .await;
    assert_eq!(status, 401);
    assert_eq!(body["message"], "Adresse e-mail ou mot de passe incorrect.");
    let (status, body) = call(
        &c,
        "Auth/login",
        json!({"email": EMAIL, "password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["twoFactorRequired"], false);
    assert_eq!(c.proxy("GET", "Comptes/me", None).await.status(), 200);

    // Without the CSRF token, refused.
    let bare = app.client();
    let (status, _) = call(
        &bare,
        "Auth/login",
        json!({"email": EMAIL, "password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 403);

    // The same buckets as the credentials sign-in: four failures there, one here, then 429.
    let mut other = app.client();
    for _ in 0..4 {
        assert_eq!(other.sign_in(EMAIL, "mauvais").await.status(), 401);
    }
    let (status, _) = call(
        &other,
        "Auth/login",
        json!({"email": EMAIL, "password": "mauvais"}),
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = call(
        &other,
        "Auth/login",
        json!({"email": EMAIL, "password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 429);
}

#[tokio::test]
async fn the_build_manifest_and_the_latest_build_id_are_static_json_never_cached() {
    let app = spawn_app().await;
    let c = app.client();
    for path in ["/build-id.json", "/build-manifest.json"] {
        let res = c.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        let headers = res.headers().clone();
        assert_eq!(headers["cache-control"], "no-cache", "{path}");
        assert!(
            headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json"),
            "{path}"
        );
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["buildId"], "test", "{path}");
    }
}

// --- Finding 6 -------------------------------------------------------------------------------

#[tokio::test]
async fn an_https_public_address_means_secure_cookies_and_hsts_even_on_loopback() {
    let app = spawn_app_with(|s| {
        s.cookie_secure = None;
        s.public_url = Some("https://boutique.example".into());
    })
    .await;
    let res = app.client().get("/api/auth/csrf").await;
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.contains("Secure"), "{cookie}");
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=63072000; includeSubDomains"
    );
    assert!(app
        .client()
        .get("/")
        .await
        .headers()
        .contains_key("strict-transport-security"));

    let plain = spawn_app().await;
    let res = plain.client().get("/api/auth/csrf").await;
    assert!(!res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("Secure"));
    assert!(!res.headers().contains_key("strict-transport-security"));
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
    let res = c
        .http
        .post(c.url("/api/auth/callback/credentials"))
        .form(&form)
        .send()
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["url"], "/");
}

#[tokio::test]
async fn no_session_outlives_its_absolute_lifetime() {
    let app = spawn_app_with(|s| s.session_max_hours = 1).await;
    let (c, id) = app.signed_in(EMAIL, Role::Client).await;
    let row = sqlx::query("SELECT created_at, expires_at FROM sessions WHERE account_id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let (created, expires): (i64, i64) = (row.get("created_at"), row.get("expires_at"));
    assert!(expires <= created + 3600, "a 24 h session capped at 1 h");
    // Signed in an hour ago and used all along: the next use does not slide it past the cap.
    sqlx::query("UPDATE sessions SET created_at = created_at - 3597, last_seen = last_seen - 120 WHERE account_id = $1")
        .bind(id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(c.proxy("GET", "Comptes/me", None).await.status(), 200);
    let expires: i64 = sqlx::query("SELECT expires_at FROM sessions WHERE account_id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
        .get("expires_at");
    assert!(expires <= created - 3597 + 3600, "{expires} vs {created}");
    tokio::time::sleep(std::time::Duration::from_millis(
        u64::try_from((expires - server::clock::now() + 1).max(0) * 1000).unwrap(),
    ))
    .await;
    assert_eq!(
        c.proxy("GET", "Comptes/me", None).await.status().as_u16(),
        419
    );
}

#[tokio::test]
async fn a_password_change_sends_a_notice() {
    let app = spawn_app().await;
    let (c, _) = app.signed_in(EMAIL, Role::Client).await;
    let res = c
        .proxy(
            "PUT",
            "Comptes/me/password",
            Some(json!({"currentPassword": PASSWORD, "newPassword": "Un-autre-mot-de-passe-7"})),
        )
        .await;
    assert_eq!(res.status(), 200);
    let notice = text_part(&wait_for_mails_to(&app, EMAIL, 1).await[0]);
    assert!(notice.contains("mot de passe de votre compte"), "{notice}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_address_cap_holds_under_parallel_creations() {
    let app = spawn_app().await;
    let (c, id) = app.signed_in(EMAIL, Role::Client).await;
    let body = json!({
        "idPays": "fr", "ville": "Lyon", "codePostal": "69003", "rue": "12 rue de la Part-Dieu",
        "complement": "", "nom": "Dupont", "prenom": "Jeanne", "tel": "",
        "nom_entreprise": "Atelier Dupont", "numero_tva": ""
    });
    let tasks: Vec<_> = (0..60)
        .map(|_| {
            let c = c.clone();
            let body = body.clone();
            tokio::spawn(async move {
                c.proxy("POST", "Adresses", Some(body))
                    .await
                    .status()
                    .as_u16()
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        50,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 400),
        "{statuses:?}"
    );
    let count = |table: &'static str| {
        let db = app.db.clone();
        async move {
            sqlx::query(&format!(
                "SELECT COUNT(*) AS n FROM {table} WHERE account_id = $1"
            ))
            .bind(id)
            .fetch_one(&db.pool)
            .await
            .unwrap()
            .get::<i64, _>("n")
        }
    };
    assert_eq!(count("addresses").await, 50);
    assert_eq!(
        count("companies").await,
        50,
        "no company without its address"
    );
}

/// The value of cookie `name` that a response sets.
fn set_cookie(res: &reqwest::Response, name: &str) -> String {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix(&format!("{name}=")))
        .and_then(|v| v.split(';').next())
        .unwrap_or_else(|| panic!("no {name} cookie"))
        .to_owned()
}

#[tokio::test]
async fn the_csrf_token_is_bound_to_the_session() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let raw = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = |p: &str| format!("{}{p}", app.address);
    let csrf = |res: &reqwest::Response| set_cookie(res, "fa_csrf");
    // The browser's token A, then the sign-in with it.
    let res = raw.get(url("/api/auth/csrf")).send().await.unwrap();
    let cookie_a = csrf(&res);
    let token_a = res.json::<Value>().await.unwrap()["csrfToken"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = raw
        .post(url("/api/auth/callback/credentials"))
        .header("cookie", format!("fa_csrf={cookie_a}"))
        .form(&[
            ("csrfToken", token_a.as_str()),
            ("json", "true"),
            ("email", EMAIL),
            ("password", PASSWORD),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let session = set_cookie(&res, "fa_session");
    // A well-formed token B planted by someone else (its own cookie and header).
    let res = raw.get(url("/api/auth/csrf")).send().await.unwrap();
    let cookie_b = csrf(&res);
    let token_b = res.json::<Value>().await.unwrap()["csrfToken"]
        .as_str()
        .unwrap()
        .to_owned();
    let update = |cookie: &str, token: &str| {
        raw.post(url("/api/auth/updateSessionInfo"))
            .header("cookie", format!("fa_session={session}; fa_csrf={cookie}"))
            .header("x-csrf-token", token)
            .send()
    };
    assert_eq!(update(&cookie_b, &token_b).await.unwrap().status(), 403);
    assert_eq!(update(&cookie_a, &token_a).await.unwrap().status(), 200);
    // Sign-out is bound to the session too: the planted token signs nobody out.
    let sign_out = |cookie: &str, token: &str| {
        raw.post(url("/api/auth/signout"))
            .header("cookie", format!("fa_session={session}; fa_csrf={cookie}"))
            .form(&[("csrfToken", token), ("json", "true")])
            .send()
    };
    let res = sign_out(&cookie_b, &token_b).await.unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Could not fetch CSRF Token for signing out"
    );
    assert_eq!(
        update(&cookie_a, &token_a).await.unwrap().status(),
        200,
        "still signed in"
    );
    // The session's own token is what /api/auth/csrf gives back, with its cookie.
    let res = raw
        .get(url("/api/auth/csrf"))
        .header(
            "cookie",
            format!("fa_session={session}; fa_csrf={cookie_b}"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(csrf(&res), cookie_a);
    assert_eq!(res.json::<Value>().await.unwrap()["csrfToken"], token_a);
}
