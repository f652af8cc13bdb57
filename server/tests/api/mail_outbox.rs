//! The durable e-mail outbox (issue 12), on SQLite and PostgreSQL: a message queued while the
//! SMTP server is down is delivered once it is up; drainers of several instances racing over
//! the same queue send each message exactly once; the message of an instance that died holding
//! its claim is sent by another one once the claim expired, once; a message queued in a
//! transaction that rolls back is never sent. The other instances are `Mailer`s built here on
//! the server's database, each under its own name, delivering to the same aiosmtpd sink.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;
use server::db::accounts::Role;
use server::db::mail_outbox::{self, NewMessage, Stored};
use server::db::Db;
use server::mail::{Drained, MailSettings, Mailer, OutgoingMail, Purpose, CLAIM_SECS};

use crate::builders::a_visitor;
use crate::helpers::{spawn_app_with, TestApp};
use crate::mail_helpers::{eml_files, reset_token, text_part, SmtpSink};

/// Another instance's mailer on the same database, sending to `smtp_url`.
fn instance(app: &TestApp, name: &str, smtp_url: &str) -> Mailer {
    Mailer::new(
        MailSettings {
            smtp_url: Some(smtp_url.to_owned()),
            outbox_dir: app.dir.path().join(format!("outbox-{name}")),
            from: "Forme Additive <no-reply@forme-additive.test>".into(),
            brand: "Forme Additive".into(),
            base_url: "http://127.0.0.1:8080".into(),
        },
        app.db.clone(),
        name,
    )
    .unwrap()
}

fn message(n: usize) -> OutgoingMail {
    OutgoingMail {
        to: format!("client{n}@exemple.fr"),
        reply_to: None,
        purpose: Purpose::ContactCopy,
        subject: format!("Message {n}"),
        text: format!("Corps du message {n}."),
        html: format!("<p>Corps du message {n}.</p>"),
        attachments: Vec::new(),
    }
}

/// Queues `mail` through `mailer` on its own connection, without waking any drainer.
async fn queue(db: &Db, mailer: &Mailer, mail: &OutgoingMail) -> i64 {
    let mut conn = db.pool.acquire().await.unwrap();
    mailer.queue(&mut conn, mail).await.unwrap().unwrap()
}

/// The `Subject:` header of a raw message.
fn subject(eml: &str) -> String {
    eml.lines()
        .find_map(|l| l.strip_prefix("Subject: "))
        .unwrap_or_default()
        .trim()
        .to_owned()
}

async fn rows(app: &TestApp) -> Vec<Stored> {
    mail_outbox::list(&mut app.db.acquire().await.unwrap())
        .await
        .unwrap()
}

/// A port where nothing listens (yet).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

#[tokio::test]
async fn a_message_queued_while_smtp_is_down_is_delivered_once_it_is_up() {
    let port = free_port();
    let smtp_url = format!("smtp://127.0.0.1:{port}");
    let app = spawn_app_with(|s| s.smtp_url = Some(smtp_url.clone())).await;
    app.create_account("jeanne@exemple.fr", Role::Client).await;
    let c = a_visitor(&app).await;
    // The request answers at once: the link is queued, not sent during the request.
    let body = json!({"Email": "jeanne@exemple.fr"});
    c.expect(200, "POST", "Email/send/forgot_password", Some(body))
        .await;

    // The server's drainer, woken by the insert, tried and failed: retried later.
    let mut row = None;
    for _ in 0..200 {
        let all = rows(&app).await;
        if all.len() == 1 && all[0].last_error.is_some() {
            row = Some(all[0].clone());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let row = row.expect("the server tried to send the queued link");
    assert_eq!(row.purpose, "forgot_password");
    assert_eq!(row.recipient, "jeanne@exemple.fr");
    assert_eq!((row.attempts, row.sent_at, row.failed_at), (1, None, None));
    assert!(row.next_attempt_at >= row.created_at + 30, "{row:?}");
    assert!(row.claimed_by.is_none(), "{row:?}");

    // The SMTP server comes up; the retry (here from another instance, at the retry's time)
    // delivers the link, once.
    let sink = SmtpSink::start_on(port);
    let relief = instance(&app, "relief", &smtp_url);
    assert_eq!(
        relief.drain(row.next_attempt_at - 1).await.unwrap(),
        Drained::default(),
        "not before the back-off"
    );
    let done = relief.drain(row.next_attempt_at).await.unwrap();
    assert_eq!(done.sent, 1);
    let mails = sink.wait_for(1).await;
    assert!(mails[0].contains("To: jeanne@exemple.fr"), "{}", mails[0]);
    assert!(!reset_token(&text_part(&mails[0])).is_empty());
    let after = &rows(&app).await[0];
    assert_eq!(after.attempts, 2);
    assert!(after.sent_at.is_some() && after.last_error.is_none());
    assert_eq!(after.claimed_by.as_deref(), Some("relief"));
    // Nothing more: the server's own drainer sees it sent.
    assert_eq!(
        relief.drain(row.next_attempt_at + 86_400).await.unwrap(),
        Drained::default()
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(eml_files(sink.dir.path()).len(), 1);
}

#[tokio::test]
async fn two_drainers_racing_over_fifty_messages_deliver_each_exactly_once() {
    let sink = SmtpSink::start();
    // The server delivers to the same sink: its own drainer may join the race.
    let app = spawn_app_with(|s| s.smtp_url = Some(sink.url())).await;
    let a = instance(&app, "instance-a", &sink.url());
    let b = instance(&app, "instance-b", &sink.url());
    for n in 0..50 {
        queue(&app.db, &a, &message(n)).await;
    }
    let now = server::clock::now();
    let (done_a, done_b) = tokio::join!(a.drain(now), b.drain(now));
    let (done_a, done_b) = (done_a.unwrap(), done_b.unwrap());
    eprintln!(
        "instance-a sent {}, instance-b sent {}",
        done_a.sent, done_b.sent
    );
    assert_eq!((done_a.retried, done_b.retried), (0, 0));

    let mails = sink.wait_for(50).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails_now = eml_files(sink.dir.path());
    assert_eq!(mails_now.len(), 50, "no message twice");
    let mut subjects = BTreeMap::new();
    for m in &mails {
        *subjects.entry(subject(m)).or_insert(0) += 1;
    }
    let expected: BTreeMap<String, i32> = (0..50).map(|n| (format!("Message {n}"), 1)).collect();
    assert_eq!(subjects, expected);
    // Each row was claimed once, and marked sent by the instance that sent it.
    let all = rows(&app).await;
    assert_eq!(all.len(), 50);
    assert!(
        all.iter()
            .all(|r| r.attempts == 1 && r.sent_at.is_some() && r.claimed_until.is_none()),
        "{all:?}"
    );
    let by = |name: &str| {
        all.iter()
            .filter(|r| r.claimed_by.as_deref() == Some(name))
            .count()
    };
    assert_eq!(by("instance-a"), done_a.sent);
    assert_eq!(by("instance-b"), done_b.sent);
    assert!(done_a.sent + done_b.sent <= 50);
}

#[tokio::test]
async fn a_message_claimed_by_a_dead_instance_is_sent_by_another_once_the_claim_expires() {
    let sink = SmtpSink::start();
    let app = spawn_app_with(|s| s.smtp_url = Some(sink.url())).await;
    let survivor = instance(&app, "survivor", &sink.url());
    // An instance queued and claimed a message, then died (kill -9): the claim stays, nobody
    // releases it. (Written claimed in one statement, as `send_now` does: the server's own
    // drainer cannot take it first.)
    let now = server::clock::now();
    let eml = "From: no-reply@forme-additive.test\r\nTo: client1@exemple.fr\r\n\
               Subject: Message 1\r\n\r\nCorps du message 1.\r\n";
    let new = NewMessage {
        recipient: "client1@exemple.fr",
        purpose: "contact",
        subject: "Message 1",
        message: eml.as_bytes(),
    };
    let id = mail_outbox::insert_claimed(
        &mut app.db.acquire().await.unwrap(),
        &new,
        now,
        "dead-instance",
        now + CLAIM_SECS,
    )
    .await
    .unwrap();
    assert!(
        mail_outbox::claim(
            &mut app.db.acquire().await.unwrap(),
            id,
            "survivor",
            now,
            now + CLAIM_SECS
        )
        .await
        .unwrap()
        .is_none(),
        "a live claim cannot be taken"
    );

    // Held until the claim expires...
    for at in [now, now + CLAIM_SECS / 2, now + CLAIM_SECS] {
        assert_eq!(
            survivor.drain(at).await.unwrap(),
            Drained::default(),
            "{at}"
        );
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(eml_files(sink.dir.path()).is_empty());
    // ...then taken over and sent, once.
    let done = survivor.drain(now + CLAIM_SECS + 1).await.unwrap();
    assert_eq!(done.sent, 1);
    let mails = sink.wait_for(1).await;
    assert_eq!(subject(&mails[0]), "Message 1");
    let later = instance(&app, "later", &sink.url());
    assert_eq!(
        later.drain(now + 10 * CLAIM_SECS).await.unwrap(),
        Drained::default()
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(eml_files(sink.dir.path()).len(), 1);
    let row = &rows(&app).await[0];
    assert_eq!(row.attempts, 2);
    assert!(row.sent_at.is_some());
    assert_eq!(row.claimed_by.as_deref(), Some("survivor"));
}

#[tokio::test]
async fn a_message_queued_in_a_rolled_back_transaction_is_never_sent() {
    let sink = SmtpSink::start();
    let app = spawn_app_with(|s| s.smtp_url = Some(sink.url())).await;
    let mailer = instance(&app, "instance-a", &sink.url());
    let mut tx = app.db.begin().await.unwrap();
    mailer.queue(&mut tx, &message(1)).await.unwrap().unwrap();
    tx.rollback().await.unwrap();
    let mut tx = app.db.begin().await.unwrap();
    mailer.queue(&mut tx, &message(2)).await.unwrap().unwrap();
    tx.commit().await.unwrap();
    let done = mailer.drain(server::clock::now()).await.unwrap();
    // The server's drainer may have sent it first: one of them did, once.
    assert!(done.sent <= 1);
    let mails = sink.wait_for(1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(eml_files(sink.dir.path()).len(), 1);
    assert_eq!(subject(&mails[0]), "Message 2");
    assert_eq!(rows(&app).await.len(), 1);
}
