//! E-mail helpers of the tests: a real SMTP server (`tests/smtp_sink.py`, aiosmtpd) started per
//! test, the outbox folder of the file backend, and a small MIME reader for what arrived (text
//! part, attachments), the messages to one address (`mails_to`), and the e-mail code dance
//! (`emailed_code`, `verified_email`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use base64::Engine;
use serde_json::{json, Value};

use crate::helpers::{TestApp, TestClient};
use crate::partners::Partner;

/// A running SMTP sink writing each message to its own file.
pub struct SmtpSink {
    /// Kept for its drop, which stops the script.
    _partner: Partner,
    /// Port it listens on (127.0.0.1).
    pub port: u16,
    /// Folder of the received messages.
    pub dir: tempfile::TempDir,
}

impl SmtpSink {
    /// Starts the sink on a free port. Panics with the fix when aiosmtpd is missing.
    pub fn start() -> SmtpSink {
        SmtpSink::start_on(0)
    }

    /// Starts the sink on `port` (0: a free one), e.g. where the server's SMTP was down.
    pub fn start_on(port: u16) -> SmtpSink {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().to_str().unwrap();
        let port = port.to_string();
        let args = ["--port", port.as_str(), "--dir", folder];
        let fix = "run scripts/setup-tools.sh to install aiosmtpd";
        let partner = Partner::start("smtp_sink.py", &args, fix);
        SmtpSink {
            port: partner.port,
            _partner: partner,
            dir,
        }
    }

    /// The `SMTP_URL` of the sink.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Waits (up to 10 s) until `n` messages arrived; returns them, oldest first.
    pub async fn wait_for(&self, n: usize) -> Vec<String> {
        wait_for_files(self.dir.path(), n).await
    }
}

/// The `.eml` files of a folder, sorted by name.
pub fn eml_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    files.sort();
    files
}

/// Waits (up to 10 s) until `dir` holds `n` `.eml` files; returns their contents.
pub async fn wait_for_files(dir: &Path, n: usize) -> Vec<String> {
    for _ in 0..200 {
        let files = eml_files(dir);
        if files.len() >= n {
            return files
                .iter()
                .map(|f| std::fs::read_to_string(f).unwrap())
                .collect();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "expected {n} e-mails in {}, found {}",
        dir.display(),
        eml_files(dir).len()
    );
}

/// The decoded `text/plain` part of a message.
pub fn text_part(eml: &str) -> String {
    let eml = eml.replace("\r\n", "\n");
    let start = eml
        .find("Content-Type: text/plain")
        .expect("a text/plain part");
    let part = &eml[start..];
    let (headers, rest) = part.split_once("\n\n").expect("part headers");
    let body = rest.split("\n--").next().unwrap_or_default();
    if headers.contains("Content-Transfer-Encoding: base64") {
        let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        String::from_utf8(
            base64::engine::general_purpose::STANDARD
                .decode(compact)
                .unwrap(),
        )
        .unwrap()
    } else if headers.contains("Content-Transfer-Encoding: quoted-printable") {
        decode_quoted_printable(body)
    } else {
        body.to_owned()
    }
}

/// The decoded bytes of the attachment named `file_name`, with its content type; `None` when the
/// message has no such attachment.
pub fn attachment(eml: &str, file_name: &str) -> Option<(String, Vec<u8>)> {
    let eml = eml.replace("\r\n", "\n");
    let disposition = format!("Content-Disposition: attachment; filename=\"{file_name}\"");
    let at = eml.find(&disposition)?;
    // The part starts after the boundary line before its headers.
    let start = eml[..at].rfind("\n--")? + 1;
    let part = &eml[start..];
    let part = &part[part.find('\n')? + 1..];
    let (headers, rest) = part.split_once("\n\n")?;
    let content_type = headers
        .lines()
        .find_map(|l| l.strip_prefix("Content-Type: "))?
        .to_owned();
    assert!(
        headers.contains("Content-Transfer-Encoding: base64"),
        "attachment not in base64: {headers}"
    );
    let body: String = rest
        .split("\n--")
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(body)
        .expect("base64 attachment");
    Some((content_type, bytes))
}

fn decode_quoted_printable(body: &str) -> String {
    let joined = body.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&joined[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

/// The first six-digit number of a text (the code of a code e-mail).
pub fn six_digit_code(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    for w in chars.windows(8) {
        let inner: String = w[1..7].iter().collect();
        if !w[0].is_ascii_digit()
            && !w[7].is_ascii_digit()
            && inner.chars().all(|c| c.is_ascii_digit())
        {
            return inner;
        }
    }
    panic!("no six-digit code in {text:?}");
}

/// The `token` of the reset link of a message text.
pub fn reset_token(text: &str) -> String {
    let start = text.find("/mdp_mail?token=").expect("a reset link") + "/mdp_mail?token=".len();
    text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// The outbox folder of a test server without SMTP.
pub fn outbox(app: &TestApp) -> PathBuf {
    app.dir.path().join("data/outbox")
}

/// A mailer on the app's database writing to its outbox folder, as a job run beside the server
/// (`server relances`, the inactive-accounts job) has one.
pub fn job_mailer(app: &TestApp) -> server::mail::Mailer {
    server::mail::Mailer::new(
        server::mail::MailSettings {
            smtp_url: None,
            outbox_dir: outbox(app),
            from: "Forme Additive <no-reply@forme-additive.test>".into(),
            brand: "Forme Additive".into(),
            base_url: "http://127.0.0.1:8080".into(),
        },
        app.db.clone(),
        "job-test",
    )
    .unwrap()
}

/// The messages of the outbox sent to `to`, oldest first.
pub fn mails_to(app: &TestApp, to: &str) -> Vec<String> {
    eml_files(&outbox(app))
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .filter(|m| {
            m.lines()
                .take_while(|l| !l.is_empty() && *l != "\r")
                .any(|l| l.starts_with("To:") && l.contains(to))
        })
        .collect()
}

/// Waits (up to 10 s) until `to` has received `n` messages of the outbox; returns them.
pub async fn wait_for_mails_to(app: &TestApp, to: &str, n: usize) -> Vec<String> {
    for _ in 0..200 {
        let found = mails_to(app, to);
        if found.len() >= n {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "expected {n} e-mails to {to}, found {}",
        mails_to(app, to).len()
    );
}

/// The code of the `n`-th message (from 1) of the outbox, once it is there.
pub async fn outbox_code(app: &TestApp, n: usize) -> String {
    six_digit_code(&text_part(&wait_for_files(&outbox(app), n).await[n - 1]))
}

/// The link token of the `n`-th message (from 1) of the outbox, once it is there.
pub async fn outbox_token(app: &TestApp, n: usize) -> String {
    reset_token(&text_part(&wait_for_files(&outbox(app), n).await[n - 1]))
}

/// A six-digit code other than `code`.
pub fn wrong_code(code: &str) -> &'static str {
    if code == "000000" {
        "111111"
    } else {
        "000000"
    }
}

/// The first half of the e-mail code dance: `POST Email/send/{purpose}` with `body` (must
/// answer 200), then the code of the message it adds to the outbox.
pub async fn emailed_code(app: &TestApp, c: &TestClient, purpose: &str, body: Value) -> String {
    let before = eml_files(&outbox(app)).len();
    let path = format!("Email/send/{purpose}");
    c.expect(200, "POST", &path, Some(body)).await;
    outbox_code(app, before + 1).await
}

/// The whole e-mail code dance for `email`: the code sent, then `Email/verify/{purpose}` with
/// it (must answer 200). `body` is the send's (`{"email": …}`, plus the password for an
/// e-mail change).
pub async fn verified_email(app: &TestApp, c: &TestClient, purpose: &str, body: Value) {
    let email = body["email"].clone();
    let code = emailed_code(app, c, purpose, body).await;
    let verify = format!("Email/verify/{purpose}");
    let check = json!({ "email": email, "code": code });
    c.expect(200, "POST", &verify, Some(check)).await;
}
