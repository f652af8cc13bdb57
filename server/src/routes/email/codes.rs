//! The six-digit code flow shared by account creation and e-mail change: generate, store its
//! keyed hash, send it; then check a typed code against the newest live one, counting attempts.

use rand::Rng;

use super::{
    CHECKS_PER_IP, CODE_MINUTES, MAX_ATTEMPTS, SENDS_PER_ADDRESS, SENDS_PER_ADDRESS_ALL,
    SENDS_PER_IP,
};
use crate::auth::tokens;
use crate::clock;
use crate::db::email_codes;
use crate::domain::Email;
use crate::error::ApiError;
use crate::mail::OutgoingMail;
use crate::rate_limit;
use crate::state::AppState;

/// Answer to a code that matches no live code.
const CODE_UNKNOWN: &str = "Ce code est invalide ou a expiré. Demandez un nouveau code.";
/// Answer to a code that is not six digits.
const CODE_FORMAT: &str = "Le code doit comporter 6\u{a0}chiffres.";

/// A new code, zero-padded.
fn new_code() -> String {
    format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32))
}

/// Keyed hash of a code: without the server's key, a stolen table does not give the codes away.
fn hash(state: &AppState, purpose: &str, email: &Email, code: &str) -> String {
    tokens::hmac_hex(
        &state.keys.codes,
        &format!("email-code:{purpose}:{}:{code}", email.as_str()),
    )
}

/// Stores and e-mails a new code built by `template(code)`; the caller counted the limits
/// first ([`limit_send`]).
pub async fn send(
    state: &AppState,
    purpose: &str,
    email: &Email,
    template: impl FnOnce(&str) -> OutgoingMail,
) -> Result<(), ApiError> {
    let code = new_code();
    let expires = clock::now() + i64::from(CODE_MINUTES) * 60;
    email_codes::insert(
        &mut *state.db.acquire().await?,
        purpose,
        email.as_str(),
        &hash(state, purpose, email, &code),
        expires,
    )
    .await?;
    deliver(state, template(&code)).await
}

/// Counts (then checks) the send limits of a `purpose` (`account_creation`, `forgot_password`,
/// `email_reset`): per address and requester, per address whoever asks, and per requester.
pub async fn limit_send(
    state: &AppState,
    purpose: &str,
    email: &Email,
    ip: &str,
) -> Result<(), ApiError> {
    let client = rate_limit::client_key(ip);
    let address = email.as_str();
    let requester_bucket = format!("mail-to:{purpose}:{address}:{client}");
    let address_bucket = format!("mail-to:{purpose}:{address}");
    let ip_bucket = format!("mail-ip:{client}");
    rate_limit::take_all(
        state,
        &[
            (&requester_bucket, SENDS_PER_ADDRESS),
            (&address_bucket, SENDS_PER_ADDRESS_ALL),
            (&ip_bucket, SENDS_PER_IP),
        ],
    )
    .await
    .map(|_| ())
}

/// Sends a message during the request (a code, or what answers in place of one); a failure is
/// logged and answered with the specification's message, and the message is not sent later.
pub async fn deliver(state: &AppState, mail: OutgoingMail) -> Result<(), ApiError> {
    let purpose = mail.purpose.as_str();
    state.mailer.send_now(mail).await.map_err(|e| {
        tracing::error!(error = %e, purpose, "e-mail not sent");
        ApiError::MailFailed
    })
}

/// Checks `code` against the newest live code of `purpose` for `email` and marks it verified.
/// Every attempt is counted before the comparison; the fifth wrong attempt (and any after)
/// answers 429.
pub async fn verify(
    state: &AppState,
    purpose: &str,
    email: &Email,
    code: &str,
    ip: &str,
) -> Result<(), ApiError> {
    rate_limit::hit(
        state,
        &format!("code-check-ip:{}", rate_limit::client_key(ip)),
        CHECKS_PER_IP,
    )
    .await?;
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::Validation(vec![CODE_FORMAT.to_owned()]));
    }
    let Some(stored) =
        email_codes::latest_active(&mut *state.db.acquire().await?, purpose, email.as_str())
            .await?
    else {
        return Err(ApiError::bad_request(CODE_UNKNOWN));
    };
    let Some(attempts) =
        email_codes::take_attempt(&mut *state.db.acquire().await?, stored.id, MAX_ATTEMPTS).await?
    else {
        return Err(ApiError::TooManyRequests);
    };
    if !tokens::same(&hash(state, purpose, email, &code), &stored.code_hash) {
        let left = MAX_ATTEMPTS - attempts;
        return Err(match left {
            0 => ApiError::TooManyRequests,
            1 => ApiError::bad_request("Code incorrect. Il vous reste 1\u{a0}tentative."),
            n => ApiError::bad_request(format!(
                "Code incorrect. Il vous reste {n}\u{a0}tentatives."
            )),
        });
    }
    email_codes::mark_verified(&mut *state.db.acquire().await?, stored.id).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..100 {
            let code = new_code();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|b| b.is_ascii_digit()));
        }
    }
}
