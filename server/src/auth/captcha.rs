//! Self-hosted proof-of-work captcha speaking the ALTCHA protocol (the npm `altcha` widget):
//! the challenge is `sha256(salt + n)` for a secret random `n`, signed with an HMAC key shared
//! through the database; the browser finds `n`. Solutions expire after 10 minutes and serve once.
//! (The `altcha-lib-rs` crate does not build beside our `sha2`/`hmac` versions, hence this
//! implementation of the same protocol.)

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

use super::tokens::{hmac_hex, same, sha256_hex};
use crate::clock;
use crate::db::captcha as db;
use crate::error::ApiError;
use crate::state::AppState;

/// How long a challenge stays valid, in seconds.
const LIFETIME: i64 = 600;
/// The one algorithm offered.
const ALGORITHM: &str = "SHA-256";

/// Message when the captcha is missing or wrong.
pub const CAPTCHA_MESSAGE: &str = "La vérification anti-robot a échoué. Veuillez réessayer.";

/// A challenge, as the ALTCHA widget reads it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CaptchaChallenge"))]
pub struct Challenge {
    /// Always `SHA-256`.
    pub algorithm: String,
    /// Hex sha256 of `salt + number`.
    pub challenge: String,
    /// Upper bound of the search.
    pub maxnumber: u64,
    /// Random salt with `?expires=UNIX`.
    pub salt: String,
    /// Hex HMAC-SHA256 of `challenge`.
    pub signature: String,
}

/// The widget's solution (base64 of this JSON in the `altcha` field).
#[derive(Debug, Deserialize)]
struct Solution {
    algorithm: String,
    challenge: String,
    number: u64,
    salt: String,
    signature: String,
}

/// Creates a challenge whose secret number is at most `max_number`.
pub fn create(key: &str, max_number: u64, now: i64) -> Challenge {
    let mut salt_bytes = [0u8; 12];
    rand::rngs::OsRng.fill_bytes(&mut salt_bytes);
    let salt = format!("{}?expires={}", hex::encode(salt_bytes), now + LIFETIME);
    let number = rand::rngs::OsRng.gen_range(0..=max_number.max(1));
    let challenge = sha256_hex(&format!("{salt}{number}"));
    let signature = hmac_hex(key.as_bytes(), &challenge);
    Challenge {
        algorithm: ALGORITHM.into(),
        challenge,
        maxnumber: max_number.max(1),
        salt,
        signature,
    }
}

/// A new challenge for the widget.
pub fn challenge(state: &AppState) -> Challenge {
    create(
        &state.keys.captcha,
        state.config.settings.captcha_max_number,
        clock::now(),
    )
}

/// Checks a solution without burning it: returns its signature and expiry.
pub fn check(key: &str, payload: &str, now: i64) -> Option<(String, i64)> {
    let json = STANDARD.decode(payload.trim()).ok()?;
    let s: Solution = serde_json::from_slice(&json).ok()?;
    let expires = s
        .salt
        .split_once("expires=")
        .and_then(|(_, rest)| rest.split('&').next())
        .and_then(|v| v.parse::<i64>().ok())?;
    let valid = s.algorithm == ALGORITHM
        && expires > now
        && same(
            &sha256_hex(&format!("{}{}", s.salt, s.number)),
            &s.challenge,
        )
        && same(&hmac_hex(key.as_bytes(), &s.challenge), &s.signature);
    valid.then_some((s.signature, expires))
}

/// Checks the widget's `altcha` field and burns it (a solution serves once).
pub async fn verify(state: &AppState, payload: Option<&str>) -> Result<(), ApiError> {
    let refuse = || ApiError::bad_request(CAPTCHA_MESSAGE);
    let payload = payload.filter(|p| !p.is_empty()).ok_or_else(refuse)?;
    let (signature, expires) =
        check(&state.keys.captcha, payload, clock::now()).ok_or_else(refuse)?;
    if !db::mark_used(&mut *state.db.acquire().await?, &signature, expires).await? {
        return Err(refuse());
    }
    Ok(())
}

/// Solves a challenge by brute force, as the widget does (tests and scripts).
pub fn solve(challenge: &Challenge) -> Option<String> {
    let number = (0..=challenge.maxnumber)
        .find(|n| sha256_hex(&format!("{}{n}", challenge.salt)) == challenge.challenge)?;
    let payload = serde_json::json!({
        "algorithm": challenge.algorithm,
        "challenge": challenge.challenge,
        "number": number,
        "salt": challenge.salt,
        "signature": challenge.signature,
    });
    Some(STANDARD.encode(payload.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solved_challenge_checks_and_a_tampered_one_does_not() {
        let c = create("key", 500, 1_000);
        let payload = solve(&c).unwrap();
        assert!(check("key", &payload, 1_000).is_some());
        assert!(check("other key", &payload, 1_000).is_none());
        assert!(
            check("key", &payload, 1_000 + LIFETIME + 1).is_none(),
            "expired"
        );
        let forged = solve(&Challenge {
            maxnumber: 500,
            ..create("attacker", 500, 1_000)
        })
        .unwrap();
        assert!(check("key", &forged, 1_000).is_none());
    }
}
