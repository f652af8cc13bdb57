//! Tests of the file outbox backend of the mailer.

use super::*;

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
    let mailer = Mailer::new(settings(tmp.path())).unwrap();
    assert!(mailer.is_outbox());
    assert_eq!(mailer.base_url(), "http://127.0.0.1:8080");
    let mail = templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    mailer.send(mail.clone()).await.unwrap();
    mailer.send(mail).await.unwrap();

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
    let mailer = Mailer::new(settings(tmp.path())).unwrap();
    let mail = templates::account_creation_code("Forme Additive", "pas une adresse", "314159", 15);
    assert!(matches!(
        mailer.send(mail).await,
        Err(MailError::Address(_))
    ));
    assert!(!tmp.path().join("outbox").exists());
}

#[test]
fn an_unknown_smtp_scheme_is_a_configuration_error() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.smtp_url = Some("ftp://127.0.0.1:21".into());
    assert!(matches!(Mailer::new(s), Err(MailError::Config(_))));
}

#[test]
fn a_blank_smtp_url_selects_the_outbox() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.smtp_url = Some("  ".into());
    assert!(Mailer::new(s).unwrap().is_outbox());
}

#[tokio::test]
async fn an_attachment_makes_a_mixed_message_with_the_file_in_base64() {
    use base64::Engine;
    let tmp = tempfile::tempdir().unwrap();
    let mailer = Mailer::new(settings(tmp.path())).unwrap();
    let mut mail =
        templates::account_creation_code(mailer.brand(), "jean@exemple.fr", "314159", 15);
    let pdf = b"%PDF-1.7\n\x00\xff binary\r\n%%EOF".to_vec();
    mail.attachments.push(Attachment {
        file_name: "FA-2026-000001.pdf".into(),
        content_type: "application/pdf".into(),
        bytes: pdf.clone(),
    });
    mailer.send(mail).await.unwrap();
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
    let mailer = Mailer::new(settings(tmp.path())).unwrap();
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
}
