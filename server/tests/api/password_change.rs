//! `PUT Comptes/me/password`: the current password is checked (French 400, 429 past the sign-in
//! limit), the new one follows the sign-up rule, other sessions are signed out, this one stays.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::builders::{a_customer, a_visitor};
use crate::helpers::{spawn_app, TestClient, PASSWORD};

const NEW_PASSWORD: &str = "Nouveau-secret-2027";

async fn change(c: &TestClient, current: &str, new: &str) -> reqwest::Response {
    let body = json!({ "currentPassword": current, "newPassword": new });
    c.proxy("PUT", "Comptes/me/password", Some(body)).await
}

#[tokio::test]
async fn a_customer_changes_the_password_and_signs_in_with_the_new_one_only() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let res = change(&c, PASSWORD, NEW_PASSWORD).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "success": true, "message": "Votre mot de passe a été modifié." })
    );
    let mut fresh = app.client();
    assert_eq!(
        fresh.sign_in("jeanne@exemple.fr", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        fresh
            .sign_in("jeanne@exemple.fr", NEW_PASSWORD)
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn a_wrong_current_password_is_refused_in_french_and_changes_nothing() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    for wrong in ["pas-le-bon-42", ""] {
        let res = change(&c, wrong, NEW_PASSWORD).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], "Mot de passe actuel incorrect.");
    }
    let mut fresh = app.client();
    assert_eq!(
        fresh.sign_in("jeanne@exemple.fr", PASSWORD).await.status(),
        200
    );
}

#[tokio::test]
async fn the_new_password_follows_the_sign_up_rule() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let res = change(&c, PASSWORD, "court1").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    let message = body["errors"][0].as_str().unwrap();
    assert!(message.contains("12"), "{message}");
    // A common breached password is refused whatever its length...
    let res = change(&c, PASSWORD, "iloveyou12345").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    let message = body["errors"][0].as_str().unwrap();
    assert!(message.contains("trop courant"), "{message}");
    // ... while letters alone are enough when they are not guessable (no composition rule).
    let res = change(&c, PASSWORD, "seulement des lettres pourpres").await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = change(&c, "seulement des lettres pourpres", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = change(&c, PASSWORD, PASSWORD).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["errors"][0],
        "Le nouveau mot de passe doit être différent de l'actuel."
    );
}

#[tokio::test]
async fn other_sessions_are_signed_out_and_this_one_stays() {
    let app = spawn_app().await;
    let here = a_customer(&app).await;
    let mut elsewhere = app.client();
    assert_eq!(
        elsewhere
            .sign_in("jeanne@exemple.fr", PASSWORD)
            .await
            .status(),
        200
    );
    assert_eq!(
        elsewhere.proxy("GET", "Comptes/me", None).await.status(),
        200
    );

    assert_eq!(change(&here, PASSWORD, NEW_PASSWORD).await.status(), 200);

    assert_eq!(here.proxy("GET", "Comptes/me", None).await.status(), 200);
    assert_eq!(
        elsewhere
            .proxy("GET", "Comptes/me", None)
            .await
            .status()
            .as_u16(),
        419
    );
}

#[tokio::test]
async fn repeated_wrong_guesses_answer_429_like_sign_in() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    for _ in 0..5 {
        assert_eq!(
            change(&c, "pas-le-bon-42", NEW_PASSWORD).await.status(),
            StatusCode::BAD_REQUEST
        );
    }
    let blocked = change(&c, PASSWORD, NEW_PASSWORD).await;
    assert_eq!(blocked.status(), StatusCode::TOO_MANY_REQUESTS);
    let body: Value = blocked.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Trop de tentatives en peu de temps. Veuillez réessayer plus tard."
    );
}

#[tokio::test]
async fn a_visitor_or_a_request_without_csrf_cannot_change_a_password() {
    let app = spawn_app().await;
    let visitor = a_visitor(&app).await;
    assert_eq!(
        change(&visitor, PASSWORD, NEW_PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let c = a_customer(&app).await;
    let res = c
        .http
        .put(c.url("/api/backend/Comptes/me/password"))
        .json(&json!({ "currentPassword": PASSWORD, "newPassword": NEW_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}
