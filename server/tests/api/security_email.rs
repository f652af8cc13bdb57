//! Issue 12's security findings on e-mail addresses: the e-mail change that needs a session and
//! the password and tells the former address (finding 2); no account enumeration, by the account
//! creation or by the e-mail change (finding 4); a password change telling the owner (finding 6).

use serde_json::json;
use server::db::accounts::{self, Role};

use crate::builders::{a_customer, a_visitor};
use crate::helpers::{spawn_app, PASSWORD};
use crate::mail_helpers::{
    eml_files, mails_to, outbox, six_digit_code, text_part, wait_for_mails_to,
};

const EMAIL: &str = "jeanne@exemple.fr";

#[tokio::test]
async fn the_email_change_calls_need_a_session() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let c = a_visitor(&app).await;
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
        let (status, answer) = c.call("POST", path, Some(body)).await;
        assert_eq!(status, 401, "{path}: {answer}");
    }
    assert!(eml_files(&outbox(&app)).is_empty(), "nothing was sent");
}

#[tokio::test]
async fn the_new_address_gets_the_code_and_the_old_one_a_notice() {
    let app = spawn_app().await;
    let me = a_customer(&app).await;
    let new = "jeanne.dupont@exemple.fr";

    let wrong_password = json!({"email": new, "password": "pas-le-bon"});
    let body = me
        .expect(400, "POST", "Email/send/email_reset", Some(wrong_password))
        .await;
    assert_eq!(body["message"], "Mot de passe incorrect.");
    assert!(eml_files(&outbox(&app)).is_empty());

    let send = json!({"email": new, "password": PASSWORD});
    me.expect(200, "POST", "Email/send/email_reset", Some(send))
        .await;
    let code = six_digit_code(&text_part(&wait_for_mails_to(&app, new, 1).await[0]));
    assert!(
        mails_to(&app, EMAIL).is_empty(),
        "the code goes to the new address only"
    );

    // Not changed before the new address is proved.
    let change = json!({"oldEmail": EMAIL, "newEmail": new});
    let (status, _) = me
        .call("POST", "Email/reset/email_reset", Some(change.clone()))
        .await;
    assert_eq!(status, 400);

    // Another account cannot use this account's code.
    let intruder = a_customer(&app).email("paul@exemple.fr").await;
    let verify = json!({"email": new, "code": code});
    let (status, _) = intruder
        .call("POST", "Email/verify/email_reset", Some(verify.clone()))
        .await;
    assert_eq!(status, 400);

    me.expect(200, "POST", "Email/verify/email_reset", Some(verify))
        .await;
    let body = me
        .expect(200, "POST", "Email/reset/email_reset", Some(change))
        .await;
    assert_eq!(body["email"], new);
    let account = accounts::find(&mut app.db.acquire().await.unwrap(), me.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(account.email, new);

    let notice = text_part(&wait_for_mails_to(&app, EMAIL, 1).await[0]);
    assert!(notice.contains(new), "{notice}");
    assert!(
        notice.contains("a été modifiée") || notice.contains("remplacée"),
        "{notice}"
    );
}

#[tokio::test]
async fn account_creation_answers_alike_for_a_taken_address_and_limits_first() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let c = a_visitor(&app).await;
    let send = |email: &str| {
        let body = json!({ "email": email });
        c.call("POST", "Email/send/account_creation", Some(body))
    };
    let taken = send(EMAIL).await;
    let free = send("libre@exemple.fr").await;
    assert_eq!(taken, free);
    assert_eq!(taken.0, 200);
    // The owner of the taken address is told, and gets no code.
    let notice = text_part(&wait_for_mails_to(&app, EMAIL, 1).await[0]);
    assert!(notice.contains("a déjà un compte"), "{notice}");
    assert!(notice.contains("/connexion_compte"), "{notice}");
    // The per-address limit applies to taken addresses too, before anything else.
    for _ in 0..4 {
        assert_eq!(send(EMAIL).await.0, 200);
    }
    assert_eq!(send(EMAIL).await.0, 429);
    assert_eq!(mails_to(&app, EMAIL).len(), 5);
}

#[tokio::test]
async fn the_email_change_answers_alike_for_a_taken_address() {
    let app = spawn_app().await;
    app.create_account("paul@exemple.fr", Role::Client).await;
    let me = a_customer(&app).await;
    let send = |email: &str| {
        let body = json!({ "email": email, "password": PASSWORD });
        me.call("POST", "Email/send/email_reset", Some(body))
    };
    let taken = send("paul@exemple.fr").await;
    let free = send("libre@exemple.fr").await;
    assert_eq!(taken, free);
    assert_eq!(taken.0, 200);
    let notice = text_part(&wait_for_mails_to(&app, "paul@exemple.fr", 1).await[0]);
    assert!(notice.contains("Aucune modification"), "{notice}");
    let change = json!({"oldEmail": EMAIL, "newEmail": "paul@exemple.fr"});
    let (status, _) = me
        .call("POST", "Email/reset/email_reset", Some(change))
        .await;
    assert_eq!(status, 400);
    let account = accounts::find(&mut app.db.acquire().await.unwrap(), me.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(account.email, EMAIL);
}

#[tokio::test]
async fn a_password_change_sends_a_notice() {
    let app = spawn_app().await;
    let c = a_customer(&app).await;
    let change = json!({"currentPassword": PASSWORD, "newPassword": "Un-autre-mot-de-passe-7"});
    c.expect(200, "PUT", "Comptes/me/password", Some(change))
        .await;
    let notice = text_part(&wait_for_mails_to(&app, EMAIL, 1).await[0]);
    assert!(notice.contains("mot de passe de votre compte"), "{notice}");
}

/// Issue 22, finding 8: a stranger spending the sign-up sends of someone's address does not
/// spend the owner's password reset (buckets per purpose and per requester).
#[tokio::test]
async fn a_stranger_s_sign_up_sends_leave_the_owner_s_reset_alone() {
    let app = spawn_app().await;
    app.create_account(EMAIL, Role::Client).await;
    let stranger = a_visitor(&app).await;
    let sign_up = json!({ "email": EMAIL });
    for i in 0..5 {
        let (status, _) = stranger
            .call("POST", "Email/send/account_creation", Some(sign_up.clone()))
            .await;
        assert_eq!(status, 200, "send {i}");
    }
    let (status, _) = stranger
        .call("POST", "Email/send/account_creation", Some(sign_up))
        .await;
    assert_eq!(status, 429);
    let owner = a_visitor(&app).await;
    let (status, body) = owner
        .call(
            "POST",
            "Email/send/forgot_password",
            Some(json!({ "Email": EMAIL })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let mails = wait_for_mails_to(&app, EMAIL, 6).await;
    assert!(
        mails.iter().any(|m| text_part(m).contains("réinitialis")),
        "the reset link was sent"
    );
}
