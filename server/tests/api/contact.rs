//! `POST /api/contact`: a message is stored and copied to the staff's mailbox; bad fields, a
//! missing CSRF token, a wrong captcha and too many messages are refused; a failed e-mail does
//! not lose the message.

use reqwest::{Method, Response};
use serde_json::{json, Value};
use server::auth::captcha::CAPTCHA_MESSAGE;
use server::db::contact_messages;

use crate::builders::a_visitor;
use crate::helpers::{solve_captcha, spawn_app, spawn_app_with, TestApp, TestClient};
use crate::mail_helpers::{eml_files, text_part, wait_for_files};

const STAFF: &str = "equipe@forme-additive.test";

fn outbox(app: &TestApp) -> std::path::PathBuf {
    app.dir.path().join("data/outbox")
}

fn message(altcha: Option<String>) -> Value {
    json!({
        "nom": "Léa Martin",
        "email": "Lea.Martin@Exemple.fr",
        "sujet": "Devis pour 20 pièces",
        "message": "Bonjour,\nje souhaite 20 supports en PETG noir.",
        "altcha": altcha,
    })
}

async fn post(c: &TestClient, body: Value) -> Response {
    c.send_json(Method::POST, "/api/contact", Some(body)).await
}

async fn stored(app: &TestApp) -> Vec<contact_messages::ContactMessage> {
    contact_messages::list(&mut app.db.acquire().await.unwrap())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_valid_message_is_stored_and_a_copy_reaches_the_staff_naming_the_sender() {
    let app = spawn_app().await;
    let c = a_visitor(&app).await;
    let captcha = solve_captcha(&c).await;

    let res = post(&c, message(Some(captcha))).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["success"], true);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("bien été envoyé"),
        "{body}"
    );

    let rows = stored(&app).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].nom, "Léa Martin");
    assert_eq!(rows[0].email, "lea.martin@exemple.fr");
    assert_eq!(rows[0].sujet, "Devis pour 20 pièces");
    assert_eq!(
        rows[0].message,
        "Bonjour,\nje souhaite 20 supports en PETG noir."
    );
    assert_eq!(rows[0].ip, "127.0.0.1");

    let mails = wait_for_files(&outbox(&app), 1).await;
    let eml = &mails[0];
    assert!(eml.contains(&format!("To: {STAFF}")), "{eml}");
    assert!(eml.contains("Reply-To: lea.martin@exemple.fr"), "{eml}");
    let text = text_part(eml);
    assert!(text.contains("Nom\u{a0}: Léa Martin"), "{text}");
    assert!(
        text.contains("E-mail\u{a0}: lea.martin@exemple.fr"),
        "{text}"
    );
    assert!(
        text.contains("je souhaite 20 supports en PETG noir."),
        "{text}"
    );
}

#[tokio::test]
async fn missing_fields_are_refused_with_one_french_message_each() {
    let app = spawn_app().await;
    let c = a_visitor(&app).await;
    let captcha = solve_captcha(&c).await;

    let res = post(
        &c,
        json!({ "nom": " ", "message": "Trop court", "altcha": captcha }),
    )
    .await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    let errors: Vec<&str> = body["errors"]
        .as_array()
        .expect("an errors list")
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(
        errors,
        [
            "Le champ «\u{a0}nom\u{a0}» est obligatoire.",
            "L'adresse e-mail n'est pas valide.",
            "Le champ «\u{a0}sujet\u{a0}» est obligatoire.",
        ],
        "\"Trop court\" has exactly 10 characters and passes"
    );

    let short =
        json!({ "nom": "Léa", "email": "lea@exemple.fr", "sujet": "Devis", "message": "Bonjour" });
    let body: Value = post(&c, short).await.json().await.unwrap();
    assert_eq!(
        body["errors"][0],
        "Votre message doit contenir au moins 10\u{a0}caractères."
    );
    assert!(stored(&app).await.is_empty());
    assert!(eml_files(&outbox(&app)).is_empty());
}

#[tokio::test]
async fn a_message_without_the_csrf_token_is_refused() {
    let app = spawn_app().await;
    let anonymous = app.client();
    let captcha = solve_captcha(&anonymous).await;
    let res = post(&anonymous, message(Some(captcha.clone()))).await;
    assert_eq!(res.status(), 403);
    let body: Value = res.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("CSRF"), "{body}");

    let mut forged = a_visitor(&app).await;
    forged.csrf = Some("not-the-token".into());
    assert_eq!(post(&forged, message(Some(captcha))).await.status(), 403);
    assert!(stored(&app).await.is_empty());
}

#[tokio::test]
async fn a_missing_wrong_or_reused_captcha_is_refused() {
    let app = spawn_app().await;
    let c = a_visitor(&app).await;

    for altcha in [None, Some("bm90IGEgc29sdXRpb24=".to_owned())] {
        let res = post(&c, message(altcha)).await;
        assert_eq!(res.status(), 400);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], CAPTCHA_MESSAGE);
    }
    assert!(stored(&app).await.is_empty());

    let captcha = solve_captcha(&c).await;
    assert_eq!(post(&c, message(Some(captcha.clone()))).await.status(), 201);
    assert_eq!(post(&c, message(Some(captcha))).await.status(), 400);
    assert_eq!(stored(&app).await.len(), 1);
}

#[tokio::test]
async fn the_sixth_message_of_the_hour_from_one_address_is_refused() {
    let app = spawn_app().await;
    let c = a_visitor(&app).await;
    for n in 1..=5 {
        let captcha = solve_captcha(&c).await;
        assert_eq!(post(&c, message(Some(captcha))).await.status(), 201, "#{n}");
    }
    let captcha = solve_captcha(&c).await;
    let res = post(&c, message(Some(captcha))).await;
    assert_eq!(res.status(), 429);
    assert_eq!(stored(&app).await.len(), 5);
}

#[tokio::test]
async fn when_the_e_mail_cannot_be_sent_the_message_is_still_stored_and_accepted() {
    // Port 1 on the loopback: nothing listens, the SMTP connection is refused at once.
    let app = spawn_app_with(|s| s.smtp_url = Some("smtp://127.0.0.1:1".into())).await;
    let c = a_visitor(&app).await;
    let captcha = solve_captcha(&c).await;
    let res = post(&c, message(Some(captcha))).await;
    assert_eq!(res.status(), 201);
    assert_eq!(stored(&app).await.len(), 1);
    assert!(eml_files(&outbox(&app)).is_empty());
}
