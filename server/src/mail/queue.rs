//! The drainer of the `mail_outbox` table and the in-request sending of codes (see the module
//! comment of `crate::mail`).

use std::collections::HashSet;
use std::time::Duration;

use crate::clock;
use crate::db::mail_outbox::{self, Claimed, NewMessage};

use super::{MailError, Mailer, OutgoingMail};

/// How long a claim lasts: far longer than one SMTP exchange (15 s time-out), so a live sender
/// never loses its claim; a dead one's messages wait at most this long.
pub const CLAIM_SECS: i64 = 120;
/// How often every instance looks for due messages without being woken (retries after a
/// back-off, messages of an instance that died).
pub const SWEEP_EVERY: Duration = Duration::from_secs(10);
/// Attempts after which a message that still fails is given up (about a day of back-off).
pub const MAX_ATTEMPTS: i64 = 30;
/// First delay before a retry, doubled at each failure up to [`MAX_BACKOFF_SECS`].
const FIRST_BACKOFF_SECS: i64 = 30;
/// Longest delay between two attempts.
const MAX_BACKOFF_SECS: i64 = 3600;
/// Rows read per round of a drain.
const BATCH: i64 = 50;

/// What one drain did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drained {
    /// Messages sent.
    pub sent: usize,
    /// Failed attempts left for a retry.
    pub retried: usize,
    /// Messages given up.
    pub given_up: usize,
}

/// The row of a formatted message.
pub(super) fn new_message<'a>(mail: &'a OutgoingMail, bytes: &'a [u8]) -> NewMessage<'a> {
    NewMessage {
        recipient: &mail.to,
        purpose: mail.purpose.as_str(),
        subject: &mail.subject,
        message: bytes,
    }
}

/// Delay before the next attempt of a message that failed `attempts` times.
pub(super) fn backoff(attempts: i64) -> i64 {
    let doublings = u32::try_from((attempts - 1).clamp(0, 20)).unwrap_or(20);
    (FIRST_BACKOFF_SECS << doublings).min(MAX_BACKOFF_SECS)
}

/// See [`Mailer::send_now`].
pub(super) async fn send_now(mailer: &Mailer, mail: &OutgoingMail) -> Result<(), MailError> {
    let message = mailer.build(mail)?;
    let bytes = message.formatted();
    let db = &mailer.inner.db;
    let holder = mailer.instance();
    let now = clock::now();
    let id = mail_outbox::insert_claimed(
        &mut *db.acquire().await?,
        &new_message(mail, &bytes),
        now,
        holder,
        now + CLAIM_SECS,
    )
    .await?;
    match mailer
        .deliver(id, &mail.to, mail.purpose.as_str(), &bytes)
        .await
    {
        Ok(()) => {
            if let Err(e) =
                mail_outbox::mark_sent(&mut *db.acquire().await?, id, clock::now()).await
            {
                // Sent: the request succeeds. The claim expires and another attempt may follow.
                tracing::error!(id, error = %e, "sent e-mail not marked sent");
            }
            Ok(())
        }
        Err(error) => {
            if let Err(e) = mail_outbox::cancel(&mut *db.acquire().await?, id, holder).await {
                tracing::error!(id, error = %e, "failed e-mail not removed from the queue");
            }
            Err(error)
        }
    }
}

/// See [`Mailer::drain`]: claims and sends, one row at a time, every row due at `now`.
pub(super) async fn drain(mailer: &Mailer, now: i64) -> Result<Drained, MailError> {
    let db = &mailer.inner.db;
    let holder = mailer.instance();
    let mut done = Drained::default();
    let mut seen = HashSet::new();
    loop {
        let ids = mail_outbox::due(&mut *db.acquire().await?, now, BATCH).await?;
        let fresh: Vec<i64> = ids.into_iter().filter(|id| seen.insert(*id)).collect();
        if fresh.is_empty() {
            return Ok(done);
        }
        for id in fresh {
            let Some(claimed) =
                mail_outbox::claim(&mut *db.acquire().await?, id, holder, now, now + CLAIM_SECS)
                    .await?
            else {
                continue; // another instance has it
            };
            send_claimed(mailer, claimed, now, &mut done).await?;
        }
    }
}

async fn send_claimed(
    mailer: &Mailer,
    claimed: Claimed,
    now: i64,
    done: &mut Drained,
) -> Result<(), MailError> {
    let db = &mailer.inner.db;
    let result = mailer
        .deliver(
            claimed.id,
            &claimed.recipient,
            &claimed.purpose,
            &claimed.message,
        )
        .await;
    match result {
        Ok(()) => {
            mail_outbox::mark_sent(&mut *db.acquire().await?, claimed.id, clock::now()).await?;
            tracing::info!(
                id = claimed.id,
                purpose = %claimed.purpose,
                attempts = claimed.attempts,
                instance = mailer.instance(),
                "e-mail sent from the outbox"
            );
            done.sent += 1;
        }
        Err(error) => {
            let give_up = error.is_permanent() || claimed.attempts >= MAX_ATTEMPTS;
            let retry_at = (!give_up).then(|| now + backoff(claimed.attempts));
            mail_outbox::mark_failed(
                &mut *db.acquire().await?,
                claimed.id,
                mailer.instance(),
                &error.to_string(),
                now,
                retry_at,
            )
            .await?;
            if give_up {
                tracing::error!(
                    id = claimed.id,
                    purpose = %claimed.purpose,
                    attempts = claimed.attempts,
                    %error,
                    "e-mail given up"
                );
                done.given_up += 1;
            } else {
                tracing::warn!(
                    id = claimed.id,
                    purpose = %claimed.purpose,
                    attempts = claimed.attempts,
                    retry_at,
                    %error,
                    "e-mail not sent, retried later"
                );
                done.retried += 1;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::backoff;

    #[test]
    fn the_backoff_doubles_from_thirty_seconds_up_to_an_hour() {
        let delays: Vec<i64> = (1..=9).map(backoff).collect();
        assert_eq!(delays, vec![30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(backoff(1000), 3600);
    }
}
