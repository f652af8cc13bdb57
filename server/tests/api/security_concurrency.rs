//! Issue 12's findings under parallel requests: attempts counted before the comparison, for the
//! e-mail codes and the passwords (finding 3), and the cap on a customer's addresses (finding 6).

use serde_json::json;
use server::db::accounts::Role;

use crate::builders::{a_customer, a_visitor};
use crate::helpers::{scalar, spawn_app};
use crate::mail_helpers::{emailed_code, wrong_code};

const EMAIL: &str = "jeanne@exemple.fr";

/// Asserts that every answer is `refusal` or 429, and that at most five are not 429.
#[track_caller]
fn assert_at_most_five_not_429(statuses: &[u16], refusal: u16) {
    assert!(
        statuses.iter().all(|s| *s == refusal || *s == 429),
        "{statuses:?}"
    );
    let passed = statuses.iter().filter(|s| **s != 429).count();
    assert!(passed <= 5, "{passed} answers other than 429: {statuses:?}");
}

/// Awaits every task: their answers' statuses, in order.
async fn statuses(tasks: Vec<tokio::task::JoinHandle<u16>>) -> Vec<u16> {
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    statuses
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_wrong_email_codes_get_at_most_five_answers_other_than_429() {
    let app = spawn_app().await;
    let c = a_visitor(&app).await;
    let email = json!({"email": "nouveau@exemple.fr"});
    let code = emailed_code(&app, &c, "account_creation", email).await;
    let verify = |code: &str| json!({"email": "nouveau@exemple.fr", "code": code});
    let wrong = verify(wrong_code(&code));
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let c = c.clone();
            let wrong = wrong.clone();
            tokio::spawn(async move {
                c.call("POST", "Email/verify/account_creation", Some(wrong))
                    .await
                    .0
            })
        })
        .collect();
    assert_at_most_five_not_429(&statuses(tasks).await, 400);
    let (status, _) = c
        .call("POST", "Email/verify/account_creation", Some(verify(&code)))
        .await;
    assert_eq!(status, 429, "the code is burnt");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_wrong_passwords_get_at_most_five_answers_other_than_429() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let c = a_visitor(&app).await;
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let mut c = c.clone();
            tokio::spawn(async move { c.sign_in(EMAIL, "mauvais").await.status().as_u16() })
        })
        .collect();
    assert_at_most_five_not_429(&statuses(tasks).await, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_address_cap_holds_under_parallel_creations() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let body = json!({
        "idPays": "fr", "ville": "Lyon", "codePostal": "69003", "rue": "12 rue de la Part-Dieu",
        "complement": "", "nom": "Dupont", "prenom": "Jeanne", "tel": "",
        "nom_entreprise": "Atelier Dupont", "numero_tva": ""
    });
    let tasks: Vec<_> = (0..60)
        .map(|_| {
            let c = c.client.clone();
            let body = body.clone();
            tokio::spawn(async move { c.call("POST", "Adresses", Some(body)).await.0 })
        })
        .collect();
    let statuses = statuses(tasks).await;
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        50,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 400),
        "{statuses:?}"
    );
    let addresses: i64 = scalar!(
        app,
        "SELECT COUNT(*) FROM addresses WHERE account_id = $1",
        c.id
    );
    let companies: i64 = scalar!(
        app,
        "SELECT COUNT(*) FROM companies WHERE account_id = $1",
        c.id
    );
    assert_eq!(addresses, 50);
    assert_eq!(companies, 50, "no company without its address");
}
