//! Tests of the file outbox backend of the mailer, and of the queue in front of it (a SQLite
//! database of its own; the API tests run the queue on both databases).

use super::*;
use crate::db::mail_outbox;

/// A mailer writing to `dir/outbox`, queueing in a fresh SQLite database in `dir`.
async fn mailer_in(dir: &std::path::Path, settings: MailSettings) -> Result<Mailer, MailError> {
    let url = format!("sqlite://{}?mode=rwc", dir.join("mail.db").display());
    let db = Db::connect(&url).await.unwrap();
    db.migrate().await.unwrap();
    Mailer::new(settings, db, "test-instance")
}

fn eml_count(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join("outbox")).map_or(0, |d| d.count())
}

fn settings(dir: &std::path::Path) -> MailSettings {
    MailSettings {
        smtp_url: None,
        outbox_dir: dir.join("outbox"),
        from: "Forme Additive <ne-pas-repondre@forme-additive.example>".into(),
        brand: "Forme Additive".into(),
        base_url: "http://127.0.0.1:8080/".into(),
    }
}

#[tokio::test]
async fn without_smtp_url_each_message_becomes_one_eml_file() {
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), settings(tmp.path())).await.unwrap();
    assert!(mailer.is_outbox());
    assert_eq!(mailer.base_url(), "http://127.0.0.1:8080");
    let mail = templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    mailer.send_now(mail.clone()).await.unwrap();
    mailer.send_now(mail).await.unwrap();
    // Both went through the queue and are marked sent there.
    let rows = mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
        .await
        .unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.sent_at.is_some() && r.attempts == 1));
    assert!(rows
        .iter()
        .all(|r| r.claimed_by.as_deref() == Some("test-instance") && r.claimed_until.is_none()));

    let mut files: Vec<_> = std::fs::read_dir(tmp.path().join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.ends_with(".eml") && name.contains("_account_creation_jean@exemple.fr_"),
        "{name}"
    );

    let eml = std::fs::read_to_string(&files[0]).unwrap();
    assert!(eml.contains("To: jean@exemple.fr"), "{eml}");
    assert!(
        eml.contains("From: \"Forme Additive\" <ne-pas-repondre@forme-additive.example>"),
        "{eml}"
    );
    assert!(eml.contains("Content-Type: multipart/alternative"));
    assert!(eml.contains("Date: "));
    assert!(eml.contains("314159"));
}

#[tokio::test]
async fn a_bad_recipient_is_an_address_error_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), settings(tmp.path())).await.unwrap();
    let mail = templates::account_creation_code("Forme Additive", "pas une adresse", "314159", 15);
    assert!(matches!(
        mailer.send_now(mail.clone()).await,
        Err(MailError::Address(_))
    ));
    assert!(matches!(
        mailer.send(mail.clone()).await,
        Err(MailError::Address(_))
    ));
    let mut conn = mailer.inner.db.pool.acquire().await.unwrap();
    assert_eq!(mailer.queue(&mut conn, &mail).await.unwrap(), None);
    drop(conn);
    assert!(!tmp.path().join("outbox").exists());
    assert!(
        mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn an_unknown_smtp_scheme_is_a_configuration_error() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.smtp_url = Some("ftp://127.0.0.1:21".into());
    assert!(matches!(
        mailer_in(tmp.path(), s).await,
        Err(MailError::Config(_))
    ));
}

#[tokio::test]
async fn a_blank_smtp_url_selects_the_outbox() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.smtp_url = Some("  ".into());
    assert!(mailer_in(tmp.path(), s).await.unwrap().is_outbox());
}

#[tokio::test]
async fn a_queued_message_is_written_by_the_drain_once() {
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), settings(tmp.path())).await.unwrap();
    let mail = templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "271828", 15);
    mailer.send(mail).await.unwrap();
    // Queued, not written: no drainer runs in this test.
    assert_eq!(eml_count(tmp.path()), 0);
    let rows = mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
        .await
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].purpose.as_str(), rows[0].recipient.as_str()),
        ("account_creation", "jean@exemple.fr")
    );
    assert_eq!((rows[0].attempts, rows[0].sent_at), (0, None));

    let now = crate::clock::now();
    let done = mailer.drain(now).await.unwrap();
    assert_eq!(
        done,
        Drained {
            sent: 1,
            retried: 0,
            given_up: 0
        }
    );
    assert_eq!(eml_count(tmp.path()), 1);
    assert_eq!(mailer.drain(now + 1).await.unwrap(), Drained::default());
    assert_eq!(eml_count(tmp.path()), 1);
    let rows = mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
        .await
        .unwrap();
    assert_eq!(rows[0].attempts, 1);
    assert!(rows[0].sent_at.is_some());
}

/// `smtp://` on a port where nothing listens.
fn closed_smtp(dir: &std::path::Path) -> MailSettings {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let mut s = settings(dir);
    s.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    s
}

#[tokio::test]
async fn a_code_that_cannot_be_sent_now_is_not_left_in_the_queue() {
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), closed_smtp(tmp.path()))
        .await
        .unwrap();
    let mail = templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    assert!(matches!(
        mailer.send_now(mail).await,
        Err(MailError::Smtp(_))
    ));
    assert!(
        mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn while_smtp_is_down_a_queued_message_is_retried_with_a_growing_delay() {
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), closed_smtp(tmp.path()))
        .await
        .unwrap();
    let mail = templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    mailer.send(mail).await.unwrap();
    let now = crate::clock::now();
    let done = mailer.drain(now).await.unwrap();
    assert_eq!((done.sent, done.retried, done.given_up), (0, 1, 0));
    let row = &mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
        .await
        .unwrap()[0];
    assert_eq!((row.attempts, row.next_attempt_at), (1, now + 30));
    assert_eq!((row.claimed_by.as_deref(), row.sent_at), (None, None));
    assert!(
        row.last_error.as_deref().unwrap().contains("SMTP"),
        "{row:?}"
    );
    // Not before the delay; then again, with the next delay doubled.
    assert_eq!(mailer.drain(now + 29).await.unwrap(), Drained::default());
    let done = mailer.drain(now + 30).await.unwrap();
    assert_eq!(done.retried, 1);
    let row = &mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
        .await
        .unwrap()[0];
    assert_eq!((row.attempts, row.next_attempt_at), (2, now + 30 + 60));
}

#[tokio::test]
async fn a_message_failing_after_the_last_attempt_is_given_up() {
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), closed_smtp(tmp.path()))
        .await
        .unwrap();
    let mail = templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    mailer.send(mail).await.unwrap();
    let mut now = crate::clock::now();
    for attempt in 1..=MAX_ATTEMPTS {
        let done = mailer.drain(now).await.unwrap();
        let expected = if attempt == MAX_ATTEMPTS {
            (0, 1)
        } else {
            (1, 0)
        };
        assert_eq!((done.retried, done.given_up), expected, "attempt {attempt}");
        now += 3600;
    }
    let row = &mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
        .await
        .unwrap()[0];
    assert_eq!(row.attempts, MAX_ATTEMPTS);
    assert!(row.failed_at.is_some() && row.sent_at.is_none());
    assert_eq!(
        mailer.drain(now + 86_400).await.unwrap(),
        Drained::default()
    );
}

#[tokio::test]
async fn an_attachment_makes_a_mixed_message_with_the_file_in_base64() {
    use base64::Engine;
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), settings(tmp.path())).await.unwrap();
    let mut mail =
        templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    let pdf = b"%PDF-1.7\n\x00\xff binary\r\n%%EOF".to_vec();
    mail.attachments.push(Attachment {
        file_name: "FA-2026-000001.pdf".into(),
        content_type: "application/pdf".into(),
        bytes: pdf.clone(),
    });
    // Through the queue: the formatted bytes are stored, then written by the drain.
    mailer.send(mail).await.unwrap();
    mailer.drain(crate::clock::now()).await.unwrap();
    let file = std::fs::read_dir(tmp.path().join("outbox"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let eml = std::fs::read_to_string(file).unwrap().replace("\r\n", "\n");
    assert!(eml.contains("Content-Type: multipart/mixed"), "{eml}");
    assert!(eml.contains("Content-Type: multipart/alternative"), "{eml}");
    assert!(eml.contains("314159"), "the text is still there");
    let start = eml
        .find("Content-Disposition: attachment; filename=\"FA-2026-000001.pdf\"")
        .expect("the attachment's part");
    let part = &eml[eml[..start].rfind("\n--").unwrap()..];
    assert!(part.contains("Content-Type: application/pdf"), "{part}");
    assert!(part.contains("Content-Transfer-Encoding: base64"), "{part}");
    let body = part.split_once("\n\n").unwrap().1;
    let body: String = body
        .split("\n--")
        .next()
        .unwrap()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(body)
        .unwrap();
    assert_eq!(decoded, pdf);
}

#[tokio::test]
async fn an_unreadable_attachment_type_is_refused_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mailer = mailer_in(tmp.path(), settings(tmp.path())).await.unwrap();
    let mut mail =
        templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    mail.attachments.push(Attachment {
        file_name: "x.pdf".into(),
        content_type: "pas un type".into(),
        bytes: vec![1, 2, 3],
    });
    assert!(matches!(
        mailer.send(mail).await,
        Err(MailError::Attachment(_))
    ));
    assert!(!tmp.path().join("outbox").exists());
    assert!(
        mail_outbox::list(&mut mailer.inner.db.acquire().await.unwrap())
            .await
            .unwrap()
            .is_empty()
    );
}
