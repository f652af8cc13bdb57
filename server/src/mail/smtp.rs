//! The SMTP backend: a pooled `lettre` transport built from `SMTP_URL`.

use std::time::Duration;

use lettre::address::Envelope;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use super::MailError;

/// How long one SMTP exchange may take before the send fails.
const TIMEOUT: Duration = Duration::from_secs(15);

/// An SMTP transport.
pub(super) struct Smtp(AsyncSmtpTransport<Tokio1Executor>);

impl Smtp {
    /// Reads `smtp://[user:pass@]host[:port][?tls=required|opportunistic]` or `smtps://...`.
    /// Plain `smtp://` is meant for a relay on the same machine or network (127.0.0.1:2525).
    pub(super) fn from_url(url: &str) -> Result<Self, MailError> {
        let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| MailError::Config(e.to_string()))?;
        Ok(Self(builder.timeout(Some(TIMEOUT)).build()))
    }

    /// Delivers a formatted message (the bytes stored in the outbox table) to the envelope's
    /// recipients.
    pub(super) async fn send_raw(
        &self,
        envelope: &Envelope,
        bytes: &[u8],
    ) -> Result<(), MailError> {
        self.0.send_raw(envelope, bytes).await?;
        Ok(())
    }
}
