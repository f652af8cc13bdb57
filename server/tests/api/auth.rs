//! Sessions, CSRF, sign-in, sign-out, 419, 429, two-factor stop and the `create-admin` command.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use reqwest::Method;
use serde_json::Value;
use server::db::accounts::{self, Role};
use server::twofa::TotpSecret;

use crate::builders::a_customer;
use crate::helpers::{exec, spawn_app, spawn_app_with, TestClient, PASSWORD};

#[tokio::test]
async fn a_visitor_gets_an_empty_session_and_the_credentials_provider() {
    let app = spawn_app().await;
    let c = app.client();
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session, serde_json::json!({}));
    let providers: Value = c.get("/api/auth/providers").await.json().await.unwrap();
    assert_eq!(providers["credentials"]["type"], "credentials");
    assert_eq!(
        providers["credentials"]["callbackUrl"],
        "/api/auth/callback/credentials"
    );
}

#[tokio::test]
async fn the_csrf_token_is_stable_for_one_browser_and_differs_between_browsers() {
    let app = spawn_app().await;
    let (mut a, mut b) = (app.client(), app.client());
    let first = a.csrf_token().await;
    a.csrf = None;
    assert_eq!(a.csrf_token().await, first);
    assert_ne!(b.csrf_token().await, first);
}

#[tokio::test]
async fn signing_in_opens_a_session_with_the_user_fields() {
    let app = spawn_app().await;
    let id = app.create_account("jeanne@exemple.fr", Role::Client).await;
    let mut c = app.client();
    let res = c.sign_in("Jeanne@Exemple.FR", PASSWORD).await;
    assert_eq!(res.status(), 200);
    let cookie = res
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["url"], "/");
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session["user"]["email"], "jeanne@exemple.fr");
    assert_eq!(session["user"]["name"], "Jeanne Dupont");
    assert_eq!(session["user"]["role"], "client");
    assert_eq!(session["user"]["id"], id);
    assert!(session["expires"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() {
    let app = spawn_app().await;
    app.create_account("jeanne@exemple.fr", Role::Client).await;
    let mut c = app.client();
    let wrong = c.sign_in("jeanne@exemple.fr", "pas-le-bon-mot").await;
    assert_eq!(wrong.status(), 401);
    let wrong: Value = wrong.json().await.unwrap();
    let unknown = c.sign_in("personne@exemple.fr", "pas-le-bon-mot").await;
    assert_eq!(unknown.status(), 401);
    assert_eq!(wrong, unknown.json::<Value>().await.unwrap());
    assert_eq!(
        wrong["message"],
        "Adresse e-mail ou mot de passe incorrect."
    );
}

#[tokio::test]
async fn signing_in_without_the_csrf_token_is_refused() {
    let app = spawn_app().await;
    app.create_account("jeanne@exemple.fr", Role::Client).await;
    let c = app.client();
    let form = [
        ("email", "jeanne@exemple.fr"),
        ("password", PASSWORD),
        ("json", "true"),
    ];
    let res = c.post_credentials(&form).await;
    assert_eq!(res.status(), 403);
}

#[tokio::test]
async fn repeated_failures_answer_429_with_the_french_message() {
    let app = spawn_app().await;
    app.create_account("jeanne@exemple.fr", Role::Client).await;
    let mut c = app.client();
    for _ in 0..5 {
        assert_eq!(
            c.sign_in("jeanne@exemple.fr", "mauvais").await.status(),
            401
        );
    }
    let blocked = c.sign_in("jeanne@exemple.fr", PASSWORD).await;
    assert_eq!(blocked.status(), 429);
    let body: Value = blocked.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Trop de tentatives en peu de temps. Veuillez réessayer plus tard."
    );
}

#[tokio::test]
async fn signing_out_without_a_token_answers_400_with_the_specified_message() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let res = c
        .http
        .post(c.url("/api/auth/signout"))
        .form(&[("json", "true")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Could not fetch CSRF Token for signing out"
    );
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session["user"]["email"], "jeanne@exemple.fr");
}

#[tokio::test]
async fn signing_out_ends_the_session() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    assert_eq!(c.sign_out().await.status(), 200);
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session, serde_json::json!({}));
    assert_eq!(c.proxy("GET", "Comptes/me", None).await.status(), 401);
}

#[tokio::test]
async fn an_expired_session_answers_419_on_api_calls() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let id = c.id;
    exec!(
        app,
        "UPDATE sessions SET expires_at = 0 WHERE account_id = $1",
        id
    );
    let res = c.proxy("GET", "Comptes/me", None).await;
    assert_eq!(res.status().as_u16(), 419);
    let direct = c.get("/api/backend/Comptes/me").await;
    assert_eq!(direct.status().as_u16(), 419);
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session, serde_json::json!({}));
}

#[tokio::test]
async fn an_account_with_two_factor_stops_at_verify_2fa() {
    let app = spawn_app().await;
    let id = app.create_account("jeanne@exemple.fr", Role::Client).await;
    accounts::set_two_factor(&mut app.db.acquire().await.unwrap(), id, true)
        .await
        .unwrap();
    let mut c = app.client();
    let res = c.sign_in("jeanne@exemple.fr", PASSWORD).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["url"].as_str().unwrap().starts_with("/verify-2fa"),
        "{body}"
    );
    let session: Value = c.get("/api/auth/session").await.json().await.unwrap();
    assert_eq!(session["two_factor_pending"], true);
    assert!(session.get("user").is_none());
    assert_eq!(c.proxy("GET", "Comptes/me", None).await.status(), 401);
    let row: (i64,) = sqlx::query_as("SELECT id FROM sessions WHERE account_id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    // As if the second factor were given, without the new token (tests/api/twofa.rs has that).
    exec!(
        app,
        "UPDATE sessions SET two_factor_pending = 0 WHERE id = $1",
        row.0
    );
    assert_eq!(c.proxy("GET", "Comptes/me", None).await.status(), 200);
}

#[tokio::test]
async fn update_session_info_needs_the_csrf_header_and_returns_the_session() {
    let app = spawn_app().await;
    let mut c = a_customer(&app).await;
    let token = c.csrf.take().unwrap();
    let refused = c
        .send_json(Method::POST, "/api/auth/updateSessionInfo", None)
        .await;
    assert_eq!(refused.status(), 403);
    c.csrf = Some(token);
    let res = c
        .send_json(Method::POST, "/api/auth/updateSessionInfo", None)
        .await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["user"]["email"], "jeanne@exemple.fr");
}

/// `server create-admin --email {email} --password-stdin` on a fresh SQLite file, `password`
/// written to its input: the database's URL and the command's output.
fn create_admin(dir: &Path, email: &str, password: &str) -> (String, Output) {
    let url = format!("sqlite://{}?mode=rwc", dir.join("admin.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
        .args(["create-admin", "--email", email, "--password-stdin"])
        .env("DATABASE_URL", &url)
        .env("DATA_DIR", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(format!("{password}\n").as_bytes()).unwrap();
    drop(input);
    (url, child.wait_with_output().unwrap())
}

/// The `otpauth://` URI that `create-admin` printed, and the secret it carries.
fn printed_secret(out: &Output) -> (String, TotpSecret) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let uri = stdout
        .lines()
        .find(|l| l.starts_with("otpauth://totp/"))
        .unwrap_or_else(|| panic!("no otpauth URI printed: {stdout}"))
        .to_owned();
    let secret = url::Url::parse(&uri)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "secret")
        .map(|(_, v)| v.into_owned())
        .expect("secret in the URI");
    (uri, TotpSecret::from_base32(&secret).unwrap())
}

/// Signs in with the password, then the second factor computed from `secret`.
async fn sign_in_with_code(c: &mut TestClient, email: &str, secret: &TotpSecret) -> Value {
    let answer: Value = c.sign_in(email, PASSWORD).await.json().await.unwrap();
    assert_eq!(answer["two_factor_required"], true, "{answer}");
    let now = u64::try_from(server::clock::now()).unwrap();
    let res = c
        .proxy(
            "POST",
            "AuthentificationDoubleFacteur/verify",
            Some(serde_json::json!({ "token": secret.code_at(now) })),
        )
        .await;
    assert_eq!(res.status(), 200);
    c.get("/api/auth/session").await.json().await.unwrap()
}

/// Issue 22, finding 10: `create-admin` enrols the second factor and prints its URI once (with
/// the backup codes); the admin signs in with a code computed from it.
#[tokio::test]
async fn create_admin_makes_an_admin_with_its_second_factor_who_can_sign_in() {
    let dir = tempfile::tempdir().unwrap();
    let (url, out) = create_admin(dir.path(), "Admin@Exemple.fr", PASSWORD);
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("admin@exemple.fr"));
    assert!(
        stdout.contains("Double authentification activée"),
        "{stdout}"
    );
    let (uri, secret) = printed_secret(&out);
    assert!(
        uri.starts_with("otpauth://totp/Forme%20Additive:admin%40exemple.fr?secret="),
        "{uri}"
    );

    let app = spawn_app_with(|s| s.database_url = Some(url.clone())).await;
    let mut c = app.client();
    let session = sign_in_with_code(&mut c, "admin@exemple.fr", &secret).await;
    assert_eq!(session["user"]["role"], "admin");
    assert_eq!(session["user"]["two_factor_enabled"], true);
    assert_eq!(c.proxy("GET", "Comptes", None).await.status(), 200);

    // Run again on the same admin: the second factor stays, no new URI is printed.
    let (_, again) = create_admin(dir.path(), "admin@exemple.fr", PASSWORD);
    assert!(again.status.success(), "{again:?}");
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(stdout.contains("déjà activée"), "{stdout}");
    assert!(!stdout.contains("otpauth://"), "{stdout}");
}

/// Issue 22, finding 10: promoting an existing account ends its sessions (a session opened as a
/// customer never carries the admin role); the new admin signs in again.
#[tokio::test]
async fn create_admin_promoting_an_account_ends_its_sessions() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("admin.db").display()
    );
    let app = spawn_app_with(|s| s.database_url = Some(url.clone())).await;
    let customer = a_customer(&app).email("future.admin@exemple.fr").await;
    assert_eq!(
        customer.proxy("GET", "Comptes/me", None).await.status(),
        200
    );
    let (_, out) = create_admin(dir.path(), "future.admin@exemple.fr", PASSWORD);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("promu administrateur"));
    assert_eq!(
        customer
            .proxy("GET", "Comptes/me", None)
            .await
            .status()
            .as_u16(),
        419
    );
    let (_, secret) = printed_secret(&out);
    let mut c = app.client();
    let session = sign_in_with_code(&mut c, "future.admin@exemple.fr", &secret).await;
    assert_eq!(session["user"]["role"], "admin");
}

#[tokio::test]
async fn create_admin_refuses_a_weak_password() {
    let dir = tempfile::tempdir().unwrap();
    let (_, out) = create_admin(dir.path(), "admin@exemple.fr", "court");
    assert!(!out.status.success());
}
