//! Outgoing e-mail: one [`Mailer`] that sends through SMTP (`lettre`) when `SMTP_URL` is set and
//! otherwise writes each message as an RFC 5322 `.eml` file in the outbox folder, plus the French
//! templates of every message the site sends. A message with attachments (the invoice PDF of a
//! paid order) is `multipart/mixed`: the text and HTML alternatives, then each file.

pub mod order_templates;
mod outbox;
pub mod part_templates;
mod smtp;
pub mod templates;

use std::path::PathBuf;
use std::sync::Arc;

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart};
use lettre::Message;

/// Why a message could not be sent. The user only ever sees "Erreur lors de l'envoi du mail".
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// `SMTP_URL` could not be understood.
    #[error("invalid SMTP_URL: {0}")]
    Config(String),
    /// A sender or recipient address lettre refuses.
    #[error("invalid address {0:?}")]
    Address(String),
    /// The message could not be assembled.
    #[error("cannot build message: {0}")]
    Build(#[from] lettre::error::Error),
    /// The SMTP server refused the message or could not be reached.
    #[error("SMTP delivery failed: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    /// An attachment's content type lettre cannot parse.
    #[error("invalid attachment content type {0:?}")]
    Attachment(String),
    /// The outbox file could not be written.
    #[error("cannot write to the outbox: {0}")]
    Outbox(#[from] std::io::Error),
}

/// What a message is for: names outbox files and rate-limit buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Code confirming the address of a new account.
    AccountCreation,
    /// Code confirming a change of e-mail address.
    EmailChange,
    /// Link to choose a new password.
    PasswordReset,
    /// Copy of a contact-form message, sent to the staff.
    ContactCopy,
    /// A notice about the account's security (address taken, e-mail or password changed).
    SecurityNotice,
    /// An order was placed (bank details for a transfer).
    OrderReceived,
    /// An order's payment was received (its invoice).
    PaymentReceived,
    /// An order was shipped (tracking link).
    OrderShipped,
    /// A part's review status was changed by an admin.
    PartStatus,
}

impl Purpose {
    /// Short English name (`account_creation`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::AccountCreation => "account_creation",
            Purpose::EmailChange => "email_reset",
            Purpose::PasswordReset => "forgot_password",
            Purpose::ContactCopy => "contact",
            Purpose::SecurityNotice => "security_notice",
            Purpose::OrderReceived => "order_received",
            Purpose::PaymentReceived => "payment_received",
            Purpose::OrderShipped => "order_shipped",
            Purpose::PartStatus => "part_status",
        }
    }
}

/// A file sent with a message.
#[derive(Clone)]
pub struct Attachment {
    /// Name the recipient sees (`FA-2026-000001.pdf`).
    pub file_name: String,
    /// MIME type (`application/pdf`).
    pub content_type: String,
    /// The file.
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Attachment")
            .field("file_name", &self.file_name)
            .field("content_type", &self.content_type)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// A message ready to send: plain text and HTML alternatives, and files.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    /// Recipient address.
    pub to: String,
    /// Address the recipient replies to, if not the sender.
    pub reply_to: Option<String>,
    /// What the message is for.
    pub purpose: Purpose,
    /// Subject line.
    pub subject: String,
    /// Plain-text body.
    pub text: String,
    /// HTML body.
    pub html: String,
    /// Files sent with the message (none for most).
    pub attachments: Vec<Attachment>,
}

/// Settings of the mailer.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// `smtp://host:port` (no TLS), `smtp://host:port?tls=required` (STARTTLS) or
    /// `smtps://user:password@host:port`; `None` selects the file outbox.
    pub smtp_url: Option<String>,
    /// Folder of the file outbox (`DATA_DIR/outbox`).
    pub outbox_dir: PathBuf,
    /// Sender, e.g. `Forme Additive <ne-pas-repondre@forme-additive.example>`.
    pub from: String,
    /// Brand named in the messages.
    pub brand: String,
    /// Public address of the site, used in links (`http://127.0.0.1:8080`).
    pub base_url: String,
}

enum Transport {
    Smtp(smtp::Smtp),
    Outbox(PathBuf),
}

/// Sends the site's e-mail; cheap to clone.
#[derive(Clone)]
pub struct Mailer {
    inner: Arc<Inner>,
}

struct Inner {
    transport: Transport,
    from: Mailbox,
    brand: String,
    base_url: String,
}

impl Mailer {
    /// Builds the mailer: SMTP when `smtp_url` is set, else the outbox folder.
    pub fn new(settings: MailSettings) -> Result<Self, MailError> {
        let from: Mailbox = settings
            .from
            .parse()
            .map_err(|_| MailError::Address(settings.from.clone()))?;
        let transport = match settings
            .smtp_url
            .as_deref()
            .filter(|u| !u.trim().is_empty())
        {
            Some(url) => Transport::Smtp(smtp::Smtp::from_url(url)?),
            None => Transport::Outbox(settings.outbox_dir),
        };
        let base_url = settings.base_url.trim_end_matches('/').to_owned();
        Ok(Self {
            inner: Arc::new(Inner {
                transport,
                from,
                brand: settings.brand,
                base_url,
            }),
        })
    }

    /// The brand named in the messages.
    pub fn brand(&self) -> &str {
        &self.inner.brand
    }

    /// The public address of the site, without a trailing slash.
    pub fn base_url(&self) -> &str {
        &self.inner.base_url
    }

    /// True when messages go to the file outbox rather than SMTP.
    pub fn is_outbox(&self) -> bool {
        matches!(self.inner.transport, Transport::Outbox(_))
    }

    /// Sends one message.
    pub async fn send(&self, mail: OutgoingMail) -> Result<(), MailError> {
        let message = self.build(&mail)?;
        match &self.inner.transport {
            Transport::Smtp(smtp) => smtp.send(message).await,
            Transport::Outbox(dir) => outbox::write(dir, &mail, &message.formatted()).await,
        }
    }

    fn build(&self, mail: &OutgoingMail) -> Result<Message, MailError> {
        let to: Mailbox = mail
            .to
            .parse()
            .map_err(|_| MailError::Address(mail.to.clone()))?;
        let mut builder = Message::builder()
            .from(self.inner.from.clone())
            .to(to)
            .subject(&mail.subject);
        if let Some(reply_to) = &mail.reply_to {
            let reply_to: Mailbox = reply_to
                .parse()
                .map_err(|_| MailError::Address(reply_to.clone()))?;
            builder = builder.reply_to(reply_to);
        }
        let body = MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone());
        if mail.attachments.is_empty() {
            return Ok(builder.multipart(body)?);
        }
        let mut mixed = MultiPart::mixed().multipart(body);
        for a in &mail.attachments {
            let content_type = ContentType::parse(&a.content_type)
                .map_err(|_| MailError::Attachment(a.content_type.clone()))?;
            mixed = mixed.singlepart(
                lettre::message::Attachment::new(a.file_name.clone())
                    .body(a.bytes.clone(), content_type),
            );
        }
        Ok(builder.multipart(mixed)?)
    }
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.is_outbox() { "outbox" } else { "smtp" };
        f.debug_struct("Mailer")
            .field("transport", &kind)
            .field("brand", &self.inner.brand)
            .finish()
    }
}

#[cfg(test)]
#[path = "outbox_tests.rs"]
mod outbox_tests;
