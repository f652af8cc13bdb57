//! Outgoing e-mail: one [`Mailer`] that sends through SMTP (`lettre`) when `SMTP_URL` is set and
//! otherwise writes each message as an RFC 5322 `.eml` file in the outbox folder, plus the French
//! templates of every message the site sends. A message with attachments (the invoice PDF of a
//! paid order) is `multipart/mixed`: the text and HTML alternatives, then each file.
//!
//! **No message is lost or sent twice when an instance dies.** Every message is first formatted
//! and written to the `mail_outbox` table (`db::mail_outbox`), and only then sent:
//! - [`Mailer::queue`] writes it in the caller's transaction, so that it exists exactly when the
//!   change that causes it (a part's review status, an order shipped) is committed; the caller
//!   then calls [`Mailer::wake`]. [`Mailer::send`] writes it on its own, before the request
//!   answers (messages built after a commit, such as the invoice of a paid order).
//! - The drainer ([`Mailer::drain`], run by `jobs::mail_loop` on every instance, woken after each
//!   insert and sweeping every [`SWEEP_EVERY`]) claims each due row with one conditional `UPDATE`
//!   for [`CLAIM_SECS`], sends its bytes through the transport, and marks it sent. Two instances
//!   never both claim a row; the row of an instance that died is claimed by another once its
//!   claim expired. A failed delivery is retried with a back-off (30 s doubling up to an hour);
//!   a message refused for good by the SMTP server (5xx), or still failing after
//!   [`MAX_ATTEMPTS`], is given up (`failed_at`, `last_error`, logged).
//! - [`Mailer::send_now`] is for the e-mailed codes, whose failure the request must report
//!   ("Erreur lors de l'envoi du mail"): the row is written already claimed by this instance and
//!   sent during the request; if that fails the row is deleted, so the code never arrives later.
//!
//! One duplicate remains possible, as with any SMTP client: an instance that dies after the SMTP
//! server accepted a message but before the row was marked sent (a few milliseconds) leaves a
//! claim that another instance takes over, and the message is sent again. The retries reuse the
//! stored bytes, `Message-ID` included, so a receiving server can recognise the repeat. The file
//! outbox has no such window: a message's file is named after its row, so sending it again
//! replaces the same file.

pub mod order_templates;
mod outbox;
pub mod part_templates;
mod queue;
pub mod quote_templates;
pub mod rgpd_templates;
mod smtp;
pub mod templates;
pub mod terms_templates;

use std::path::PathBuf;
use std::sync::Arc;

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart};
use lettre::Message;
use sqlx::AnyConnection;
use tokio::sync::Notify;

use crate::db::Db;

pub use queue::{Drained, CLAIM_SECS, MAX_ATTEMPTS, SWEEP_EVERY};

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
    /// The `mail_outbox` table could not be read or written.
    #[error("mail_outbox table: {0}")]
    Queue(#[from] sqlx::Error),
}

impl MailError {
    /// True when sending the same message again cannot succeed: a recipient or sender refused
    /// for good by the SMTP server (5xx), or an address that cannot be parsed.
    pub fn is_permanent(&self) -> bool {
        match self {
            MailError::Smtp(e) => e.is_permanent(),
            MailError::Address(_) => true,
            _ => false,
        }
    }
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
    /// An order went into production (its ship date).
    OrderInProduction,
    /// A part's review status was changed by an admin.
    PartStatus,
    /// The link to the account's data export (« Télécharger mes données »).
    DataExport,
    /// The warning before an inactive account is anonymised.
    InactivityWarning,
    /// A quote forwarded by a customer to its purchasing department (PDF and share link).
    QuoteForward,
    /// An admin's decision on a request for payment terms.
    PaymentTerms,
    /// A reminder of an invoice on payment terms (before its due date, then on days 1 and 15).
    PaymentReminder,
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
            Purpose::OrderInProduction => "order_in_production",
            Purpose::PartStatus => "part_status",
            Purpose::DataExport => "data_export",
            Purpose::InactivityWarning => "inactivity_warning",
            Purpose::QuoteForward => "quote_forward",
            Purpose::PaymentTerms => "payment_terms",
            Purpose::PaymentReminder => "payment_reminder",
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
    /// The database holding the `mail_outbox` table.
    db: Db,
    /// This instance's name: the holder of its claims.
    instance: String,
    /// Wakes the drainer after an insert.
    wake: Notify,
}

impl Mailer {
    /// Builds the mailer: SMTP when `smtp_url` is set, else the outbox folder; messages are
    /// queued in `db` and claimed under the name `instance` (unique per running process).
    pub fn new(settings: MailSettings, db: Db, instance: &str) -> Result<Self, MailError> {
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
                db,
                instance: instance.to_owned(),
                wake: Notify::new(),
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

    /// The name under which this mailer claims messages.
    pub fn instance(&self) -> &str {
        &self.inner.instance
    }

    /// Formats `mail` and writes it to the outbox table through `conn` (the caller's
    /// transaction: the message exists if and only if the transaction commits); returns its
    /// row id. Call [`Mailer::wake`] after the commit so that it leaves at once.
    ///
    /// A message that cannot be formatted (an address lettre refuses) could never be sent: it
    /// is logged and skipped (`Ok(None)`), and the caller's change stands. The error is the
    /// database's, after which the transaction must not be committed.
    pub async fn queue(
        &self,
        conn: &mut AnyConnection,
        mail: &OutgoingMail,
    ) -> Result<Option<i64>, sqlx::Error> {
        let message = match self.build(mail) {
            Ok(message) => message,
            Err(error) => {
                tracing::error!(%error, purpose = mail.purpose.as_str(), "e-mail cannot be built");
                return Ok(None);
            }
        };
        let bytes = message.formatted();
        let row = queue::new_message(mail, &bytes);
        let id = crate::db::mail_outbox::insert(conn, &row, crate::clock::now()).await?;
        Ok(Some(id))
    }

    /// Wakes this instance's drainer (after the commit of a transaction that queued messages).
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    /// Queues a notice about something already done (the outbox sends it, retrying while the
    /// SMTP server is unreachable): a failure to queue is logged, never returned (the action
    /// stands).
    pub async fn notify(&self, mail: OutgoingMail) {
        let purpose = mail.purpose.as_str();
        if let Err(error) = self.send(mail).await {
            tracing::error!(error = %error, purpose, "notice not queued");
        }
    }

    /// Queues one message (committed before this returns) and wakes the drainer, which sends it
    /// in the background and retries it if the SMTP server cannot take it now. The message is
    /// formatted first: an address lettre refuses is an error here, and nothing is queued.
    pub async fn send(&self, mail: OutgoingMail) -> Result<(), MailError> {
        let bytes = self.build(&mail)?.formatted();
        let mut conn = self.inner.db.pool.acquire().await?;
        let row = queue::new_message(&mail, &bytes);
        crate::db::mail_outbox::insert(&mut conn, &row, crate::clock::now()).await?;
        drop(conn);
        self.wake();
        Ok(())
    }

    /// Sends one message during the request and reports a failure; on failure the message is
    /// dropped from the queue (the caller tells the user, who asks again). It is queued first,
    /// claimed by this instance: if the instance dies meanwhile, another one sends it.
    pub async fn send_now(&self, mail: OutgoingMail) -> Result<(), MailError> {
        queue::send_now(self, &mail).await
    }

    /// Sends every message due at `now` that this instance can claim; see the module's comment.
    pub async fn drain(&self, now: i64) -> Result<Drained, MailError> {
        queue::drain(self, now).await
    }

    /// Waits until an insert wakes the drainer or `sweep` has passed.
    pub async fn woken(&self, sweep: std::time::Duration) {
        let _ = tokio::time::timeout(sweep, self.inner.wake.notified()).await;
    }

    /// Delivers the formatted bytes of outbox row `id` to `recipient` through the transport.
    async fn deliver(
        &self,
        id: i64,
        recipient: &str,
        purpose: &str,
        bytes: &[u8],
    ) -> Result<(), MailError> {
        match &self.inner.transport {
            Transport::Smtp(smtp) => {
                let to: Mailbox = recipient
                    .parse()
                    .map_err(|_| MailError::Address(recipient.to_owned()))?;
                let envelope = lettre::address::Envelope::new(
                    Some(self.inner.from.email.clone()),
                    vec![to.email],
                )
                .map_err(|_| MailError::Address(recipient.to_owned()))?;
                smtp.send_raw(&envelope, bytes).await
            }
            Transport::Outbox(dir) => outbox::write(dir, id, purpose, recipient, bytes).await,
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
