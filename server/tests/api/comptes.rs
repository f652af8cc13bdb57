//! `Comptes` (creation after a verified e-mail code and a captcha, update, list), `Comptes/me`
//! and `Combinaison/full`.

use serde_json::{json, Value};
use server::auth::tokens::sha256_hex;
use server::db::accounts::Role;
use server::db::email_codes;

use crate::builders::{a_customer, an_admin};
use crate::helpers::{solve_captcha, spawn_app, TestApp, TestClient, PASSWORD};

/// Stores a code for `email` and marks it verified, as `Email/verify/account_creation` does.
async fn verified_code(app: &TestApp, email: &str) {
    let id = email_codes::insert(
        &mut app.db.acquire().await.unwrap(),
        email_codes::ACCOUNT_CREATION,
        email,
        &sha256_hex("123456"),
        i64::MAX / 2,
    )
    .await
    .unwrap();
    email_codes::mark_verified(&mut app.db.acquire().await.unwrap(), id)
        .await
        .unwrap();
}

async fn create(c: &TestClient, email: &str, altcha: Option<String>) -> reqwest::Response {
    let body = json!({ "email": email, "password": PASSWORD, "nom": "Martin", "prenom": "Léa", "altcha": altcha });
    c.proxy("POST", "Comptes", Some(body)).await
}

#[tokio::test]
async fn an_account_is_created_after_a_verified_code_and_a_captcha() {
    let app = spawn_app().await;
    verified_code(&app, "lea@exemple.fr").await;
    let mut c = app.client();
    let captcha = solve_captcha(&c).await;
    let res = create(&c, "Lea@Exemple.fr", Some(captcha)).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["email"], "lea@exemple.fr");
    assert_eq!(body["role"], "client");
    assert_eq!(c.sign_in("lea@exemple.fr", PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn an_account_cannot_be_created_without_a_verified_code() {
    let app = spawn_app().await;
    let c = app.client();
    let captcha = solve_captcha(&c).await;
    let res = create(&c, "lea@exemple.fr", Some(captcha)).await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("code"), "{body}");
}

#[tokio::test]
async fn a_verified_code_serves_for_one_account_only() {
    let app = spawn_app().await;
    verified_code(&app, "lea@exemple.fr").await;
    let c = app.client();
    let first = solve_captcha(&c).await;
    assert_eq!(
        create(&c, "lea@exemple.fr", Some(first)).await.status(),
        201
    );
    let second = solve_captcha(&c).await;
    assert_eq!(
        create(&c, "lea@exemple.fr", Some(second)).await.status(),
        400
    );
}

#[tokio::test]
async fn an_email_already_taken_answers_409() {
    let app = spawn_app().await;
    app.create_account("lea@exemple.fr", Role::Client).await;
    verified_code(&app, "lea@exemple.fr").await;
    let c = app.client();
    let captcha = solve_captcha(&c).await;
    assert_eq!(
        create(&c, "lea@exemple.fr", Some(captcha)).await.status(),
        409
    );
}

#[tokio::test]
async fn a_missing_or_reused_captcha_is_refused() {
    let app = spawn_app().await;
    verified_code(&app, "lea@exemple.fr").await;
    let c = app.client();
    assert_eq!(create(&c, "lea@exemple.fr", None).await.status(), 400);
    assert_eq!(
        create(&c, "lea@exemple.fr", Some("bm9wZQ==".into()))
            .await
            .status(),
        400
    );
    let captcha = solve_captcha(&c).await;
    assert_eq!(
        create(&c, "lea@exemple.fr", Some(captcha.clone()))
            .await
            .status(),
        201
    );
    verified_code(&app, "autre@exemple.fr").await;
    assert_eq!(
        create(&c, "autre@exemple.fr", Some(captcha)).await.status(),
        400
    );
}

#[tokio::test]
async fn invalid_fields_are_listed_in_french() {
    let app = spawn_app().await;
    let c = app.client();
    let body = json!({ "email": "pas-un-email", "password": "court", "nom": "", "prenom": "Léa" });
    let body = c.expect(400, "POST", "Comptes", Some(body)).await;
    let errors = body["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 3, "{body}");
    assert!(errors[0].as_str().unwrap().contains("e-mail"));
}

#[tokio::test]
async fn comptes_me_gives_the_account_with_its_addresses() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let id = c.id;
    let me = c.expect(200, "GET", "Comptes/me", None).await;
    assert_eq!(me["id"], id);
    assert_eq!(me["email"], "jeanne@exemple.fr");
    assert_eq!(me["adresses"], json!([]));
}

#[tokio::test]
async fn a_customer_updates_their_names_but_not_their_role() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let body = json!({ "nom": "Durand", "prenom": "Jeanne" });
    c.expect(200, "PUT", "Comptes", Some(body)).await;
    let me: Value = c.get_json("Comptes/me").await;
    assert_eq!(me["nom"], "Durand");
    c.expect(403, "PUT", "Comptes", Some(json!({ "role": "admin" })))
        .await;
}

#[tokio::test]
async fn an_admin_changes_the_role_of_another_account() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let admin_id = admin.id;
    let other = app.create_account("jeanne@exemple.fr", Role::Client).await;
    let res = admin
        .proxy(
            "PUT",
            "Comptes",
            Some(json!({ "id": other, "role": "admin" })),
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["role"], "admin");
    let body = json!({ "id": admin_id, "role": "client" });
    admin.expect(400, "PUT", "Comptes", Some(body)).await;
    let body = json!({ "id": other, "role": "roi" });
    admin.expect(400, "PUT", "Comptes", Some(body)).await;
}

/// Issue 22, finding 10: a role change ends the account's sessions, so that no session opened
/// as a customer goes on as an admin (nor the reverse); a change of names keeps them.
#[tokio::test]
async fn a_role_change_ends_the_sessions_of_the_account() {
    let app = spawn_app().await;
    let admin = an_admin(&app).await;
    let jeanne = a_customer(&app).email("jeanne@exemple.fr").await;
    let body = json!({ "id": jeanne.id, "nom": "Durand" });
    admin.expect(200, "PUT", "Comptes", Some(body)).await;
    assert_eq!(jeanne.proxy("GET", "Comptes/me", None).await.status(), 200);
    let body = json!({ "id": jeanne.id, "role": "admin" });
    admin.expect(200, "PUT", "Comptes", Some(body)).await;
    assert_eq!(
        jeanne
            .proxy("GET", "Comptes/me", None)
            .await
            .status()
            .as_u16(),
        419
    );
    assert_eq!(admin.proxy("GET", "Comptes", None).await.status(), 200);
}

#[tokio::test]
async fn the_catalog_is_served_to_anonymous_visitors() {
    let app = spawn_app().await;
    let c = app.client();
    let catalog = c.expect(200, "GET", "Combinaison/full", None).await;
    let expected = serde_json::to_value(quote_core::Catalog::default_catalog()).unwrap();
    assert_eq!(catalog, expected);
    assert_eq!(catalog["processes"].as_array().unwrap().len(), 4);
}
