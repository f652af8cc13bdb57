//! Inactive accounts (issue 26, part 3): three years without sign-in, an e-mail warns; 30 days
//! later, still without sign-in, the account is anonymised as « Supprimer mon compte » does. A
//! sign-in meanwhile withdraws the warning. The job runs under a lease (`jobs::run_once`).

use server::clock;
use server::db::accounts::Role;
use server::jobs::{inactive_accounts, InactiveRun, INACTIVE_AFTER_SECS, NOTICE_SECS};

use crate::builders::{a_customer, an_order};
use crate::helpers::{exec, scalar, spawn_app, TestApp, PASSWORD};
use crate::mail_helpers::{job_mailer as mailer, mails_to, text_part};
use crate::rgpd_helpers::{needles_found, prepared_customer, EMAIL};

async fn last_signed_in(app: &TestApp, id: i64, at: i64) {
    exec!(
        app,
        "UPDATE accounts SET last_sign_in_at = $1 WHERE id = $2",
        at,
        id
    );
}

#[tokio::test]
async fn an_account_unused_for_three_years_is_warned_then_anonymised_30_days_later() {
    let app = spawn_app().await;
    let p = prepared_customer(&app).await;
    let active = a_customer(&app).email("active@exemple.fr").await;
    let now = clock::now();
    last_signed_in(&app, p.customer.id, now - INACTIVE_AFTER_SECS - 86_400).await;
    // An account created three years ago and never signed in counts from its creation.
    let never = app
        .create_account("jamais.connecte@exemple.fr", Role::Client)
        .await;
    exec!(
        app,
        "UPDATE accounts SET last_sign_in_at = NULL, created_at = $1 WHERE id = $2",
        now - INACTIVE_AFTER_SECS - 86_400,
        never
    );
    let m = mailer(&app);

    let run = inactive_accounts(&app.db, &app.storage, &m, now)
        .await
        .unwrap();
    assert_eq!(
        run,
        InactiveRun {
            warned: 2,
            closed: 0
        }
    );
    m.drain(clock::now()).await.unwrap();
    let warning = mails_to(&app, EMAIL)
        .into_iter()
        .map(|m| text_part(&m))
        .find(|t| t.contains("depuis trois ans"))
        .expect("the warning");
    assert!(warning.contains("/connexion_compte"), "{warning}");
    // Warned once only; nothing closes before the 30 days.
    let again = inactive_accounts(&app.db, &app.storage, &m, now + NOTICE_SECS - 60)
        .await
        .unwrap();
    assert_eq!(again, InactiveRun::default());

    let later = inactive_accounts(&app.db, &app.storage, &m, now + NOTICE_SECS + 60)
        .await
        .unwrap();
    assert_eq!(
        later,
        InactiveRun {
            warned: 0,
            closed: 2
        }
    );
    let closed: Option<i64> = scalar!(
        app,
        "SELECT closed_at FROM accounts WHERE id = $1",
        p.customer.id
    );
    assert!(closed.is_some());
    let outside: Vec<String> = needles_found(&app)
        .await
        .into_iter()
        .filter(|f| !f.starts_with("invoices.") && !f.starts_with("credit_notes."))
        .collect();
    assert!(outside.is_empty(), "{outside:?}");
    // The account signed in recently was left alone.
    let untouched: Option<i64> = scalar!(
        app,
        "SELECT inactivity_warned_at FROM accounts WHERE id = $1",
        active.id
    );
    assert_eq!(untouched, None);
}

#[tokio::test]
async fn a_sign_in_after_the_warning_keeps_the_account() {
    let app = spawn_app().await;
    let c = a_customer(&app).email(EMAIL).await;
    let now = clock::now();
    last_signed_in(&app, c.id, now - INACTIVE_AFTER_SECS - 86_400).await;
    let m = mailer(&app);
    let run = inactive_accounts(&app.db, &app.storage, &m, now - 60)
        .await
        .unwrap();
    assert_eq!(run.warned, 1);
    // The owner signs in again.
    let mut browser = app.client();
    app.sign_in_fully(&mut browser, EMAIL, PASSWORD).await;
    let warned: Option<i64> = scalar!(
        app,
        "SELECT inactivity_warned_at FROM accounts WHERE id = $1",
        c.id
    );
    assert_eq!(warned, None);
    let later = inactive_accounts(&app.db, &app.storage, &m, now + NOTICE_SECS + 60)
        .await
        .unwrap();
    assert_eq!(later, InactiveRun::default());
    assert_eq!(browser.call("GET", "Comptes/me", None).await.0, 200);
}

#[tokio::test]
async fn an_inactive_account_with_an_order_in_progress_waits() {
    let app = spawn_app().await;
    let c = a_customer(&app).email(EMAIL).await;
    an_order(&app).of(&c).paid().await;
    let now = clock::now();
    last_signed_in(&app, c.id, now - INACTIVE_AFTER_SECS - 86_400).await;
    let m = mailer(&app);
    inactive_accounts(&app.db, &app.storage, &m, now)
        .await
        .unwrap();
    let later = inactive_accounts(&app.db, &app.storage, &m, now + NOTICE_SECS + 60)
        .await
        .unwrap();
    assert_eq!(later.closed, 0);
    let closed: Option<i64> = scalar!(app, "SELECT closed_at FROM accounts WHERE id = $1", c.id);
    assert_eq!(closed, None);
}
