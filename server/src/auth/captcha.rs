//! Self-hosted proof-of-work captcha speaking the ALTCHA protocol (the npm `altcha` widget):
//! the challenge is `sha256(salt + n)` for a secret random `n`, signed with an HMAC key shared
//! through the database; the browser finds `n`. Solutions expire after 10 minutes and serve once.
//! The salt ends with `&` after its expiry (`<hex>?expires=<unix>&`), as altcha-lib does since the
//! splicing fix: the hash covers `salt + n` without a separator, so without the closing `&` a
//! solver could move digits of `n` into the salt and lengthen the expiry at will. The salt also
//! carries the challenge's cost (`maxnumber=<n>&`), covered by the same hash and signature, so
//! that a sign-in can demand a costlier challenge after repeated failures (issue 22, finding 1).
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
    /// Random salt with `?expires=UNIX&`.
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
    let max_number = max_number.max(1);
    let salt = format!(
        "{}?expires={}&maxnumber={max_number}&",
        hex::encode(salt_bytes),
        now + LIFETIME
    );
    let number = rand::rngs::OsRng.gen_range(0..=max_number);
    let challenge = sha256_hex(&format!("{salt}{number}"));
    let signature = hmac_hex(key.as_bytes(), &challenge);
    Challenge {
        algorithm: ALGORITHM.into(),
        challenge,
        maxnumber: max_number,
        salt,
        signature,
    }
}

/// A new challenge for the widget, of the site's base cost.
pub fn challenge(state: &AppState) -> Challenge {
    challenge_costing(state, base_cost(state))
}

/// The site's base cost (`CAPTCHA_MAX_NUMBER`).
pub fn base_cost(state: &AppState) -> u64 {
    state.config.settings.captcha_max_number
}

/// A new challenge whose secret number is at most `cost`.
pub fn challenge_costing(state: &AppState, cost: u64) -> Challenge {
    create(&state.keys.captcha, cost, clock::now())
}

/// A checked solution: its signature (burnt once used), expiry and cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The challenge's signature.
    pub signature: String,
    /// Its expiry (Unix seconds).
    pub expires: i64,
    /// Its cost (the upper bound of the secret number); 0 for a salt that does not say it.
    pub cost: u64,
}

/// Checks a solution without burning it.
pub fn check(key: &str, payload: &str, now: i64) -> Option<Checked> {
    let json = STANDARD.decode(payload.trim()).ok()?;
    let s: Solution = serde_json::from_slice(&json).ok()?;
    let (expires, cost) = params_of(&s.salt)?;
    let valid = s.algorithm == ALGORITHM
        && expires > now
        && same(
            &sha256_hex(&format!("{}{}", s.salt, s.number)),
            &s.challenge,
        )
        && same(&hmac_hex(key.as_bytes(), &s.challenge), &s.signature);
    valid.then_some(Checked {
        signature: s.signature,
        expires,
        cost,
    })
}

/// A run of 1 to 12 ASCII digits, as a number.
fn digits(text: &str) -> Option<u64> {
    let shaped = !text.is_empty() && text.len() <= 12 && text.bytes().all(|b| b.is_ascii_digit());
    shaped.then(|| text.parse().ok()).flatten()
}

/// The expiry and cost of a salt of our own shape, `<24 hex digits>?expires=<digits>&`, then
/// `maxnumber=<digits>&` in challenges that carry their cost (cost 0 otherwise). Any other shape
/// (a spliced salt that swallowed digits of the number, an old salt without the closing `&`) has
/// none.
fn params_of(salt: &str) -> Option<(i64, u64)> {
    let (random, rest) = salt.split_once("?expires=")?;
    if random.len() != 24 || !random.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let rest = rest.strip_suffix('&')?;
    let (expires, cost) = match rest.split_once("&maxnumber=") {
        Some((expires, cost)) => (expires, digits(cost)?),
        None => (rest, 0),
    };
    Some((i64::try_from(digits(expires)?).ok()?, cost))
}

#[cfg(test)]
fn expiry_of(salt: &str) -> Option<i64> {
    params_of(salt).map(|(expires, _)| expires)
}

/// Checks the widget's `altcha` field and burns it (a solution serves once).
pub async fn verify(state: &AppState, payload: Option<&str>) -> Result<(), ApiError> {
    verify_costing(state, payload, 0).await
}

/// Checks the widget's `altcha` field, refuses a challenge cheaper than `min_cost`, and burns
/// it (a solution serves once).
pub async fn verify_costing(
    state: &AppState,
    payload: Option<&str>,
    min_cost: u64,
) -> Result<(), ApiError> {
    let refuse = || ApiError::bad_request(CAPTCHA_MESSAGE);
    let payload = payload.filter(|p| !p.is_empty()).ok_or_else(refuse)?;
    let checked = check(&state.keys.captcha, payload, clock::now()).ok_or_else(refuse)?;
    if checked.cost < min_cost {
        return Err(refuse());
    }
    if !db::mark_used(
        &mut *state.db.acquire().await?,
        &checked.signature,
        checked.expires,
    )
    .await?
    {
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

    /// The payload of a solution with its salt and number replaced (the rest kept, signature
    /// included).
    fn with(payload: &str, salt: &str, number: u64) -> String {
        let mut v: serde_json::Value =
            serde_json::from_slice(&STANDARD.decode(payload).unwrap()).unwrap();
        v["salt"] = salt.into();
        v["number"] = number.into();
        STANDARD.encode(v.to_string())
    }

    #[test]
    fn digits_of_the_number_moved_into_the_salt_do_not_lengthen_the_expiry() {
        // A challenge whose number has several digits, so that some can be moved.
        let c = loop {
            let c = create("key", 99_999, 1_000);
            if solve(&c).is_some_and(|p| {
                let v: serde_json::Value =
                    serde_json::from_slice(&STANDARD.decode(p).unwrap()).unwrap();
                v["number"].as_u64().unwrap() >= 100
            }) {
                break c;
            }
        };
        let payload = solve(&c).unwrap();
        assert!(check("key", &payload, 1_000).is_some());
        let v: serde_json::Value =
            serde_json::from_slice(&STANDARD.decode(&payload).unwrap()).unwrap();
        let number = v["number"].as_u64().unwrap().to_string();
        // The finding's attack on the old salt shape: `…?expires=1600` + `NNN` re-cut as
        // `…?expires=1600N` + `NN` still hashes the same, with an expiry ten times later.
        // With the closing `&`, every re-cut either leaves the expiry where it was or is refused.
        let (head, tail) = number.split_at(1);
        let spliced = with(
            &payload,
            &format!("{}{head}", c.salt),
            tail.parse().unwrap(),
        );
        assert!(check("key", &spliced, 1_000).is_none(), "spliced salt");
        // The old shape (no `&`), spliced: refused too, whatever its hash.
        let old = c.salt.trim_end_matches('&').to_owned();
        let old_spliced = with(&payload, &format!("{old}{head}"), tail.parse().unwrap());
        assert!(check("key", &old_spliced, 1_000).is_none(), "old shape");
        // The spliced expiry of the finding itself.
        assert_eq!(
            expiry_of("0123456789abcdef01234567?expires=17957606273760"),
            None
        );
        assert_eq!(
            expiry_of("0123456789abcdef01234567?expires=1795760627&"),
            Some(1_795_760_627)
        );
    }

    #[test]
    fn the_cost_is_read_from_the_signed_salt_and_cannot_be_spliced_either() {
        let c = create("key", 2_000, 1_000);
        assert!(c.salt.ends_with("&maxnumber=2000&"), "{}", c.salt);
        let checked = check("key", &solve(&c).unwrap(), 1_000).unwrap();
        assert_eq!(checked.cost, 2_000);
        assert_eq!(checked.expires, 1_000 + LIFETIME);
        assert_eq!(
            params_of("0123456789abcdef01234567?expires=1795760627&maxnumber=50000&"),
            Some((1_795_760_627, 50_000))
        );
        for bad in [
            "0123456789abcdef01234567?expires=1795760627&maxnumber=50000",
            "0123456789abcdef01234567?expires=1795760627&maxnumber=&",
            "0123456789abcdef01234567?expires=1795760627&maxnumber=5e4&",
        ] {
            assert_eq!(params_of(bad), None, "{bad}");
        }
    }
}
