//! Stripe webhook signatures: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, where
//! each `v1` is the HMAC-SHA256 of `"<t>.<raw body>"` under the endpoint's secret. A request is
//! genuine when one `v1` matches (compared in constant time) and `t` is within the tolerance.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// Name of the header Stripe signs its events with.
pub const HEADER: &str = "stripe-signature";
/// Largest accepted distance between the signature's time and now, in seconds (Stripe's default).
pub const TOLERANCE_SECS: i64 = 300;

/// Why a signature is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    /// No `Stripe-Signature` header.
    #[error("no Stripe-Signature header")]
    Missing,
    /// The header has no timestamp or no `v1` signature.
    #[error("malformed Stripe-Signature header")]
    Malformed,
    /// No `v1` signature matches the body.
    #[error("no v1 signature matches the payload")]
    Mismatch,
    /// The signature's time is too far from now (a replay of an old request).
    #[error("signature timestamp {timestamp} is {age} s away from now")]
    Stale {
        /// The signed time.
        timestamp: i64,
        /// Its distance to now, in seconds.
        age: i64,
    },
}

/// The hex HMAC-SHA256 of `"<timestamp>.<payload>"` under `secret`.
fn mac_of(secret: &str, timestamp: i64, payload: &[u8]) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac.finalize().into_bytes().into()
}

/// The `Stripe-Signature` value Stripe would send for `payload` at `timestamp`.
pub fn sign(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac_of(secret, timestamp, payload))
    )
}

/// Checks `header` against the raw `payload`; returns the signed timestamp.
///
/// Every `v1` entry is tried (Stripe sends several while a secret is being rolled); other schemes
/// (`v0`, test-mode extras) are ignored. The time is checked after the signature so that a forged
/// request never learns anything about the clock.
pub fn verify(
    secret: &str,
    header: Option<&str>,
    payload: &[u8],
    now: i64,
    tolerance: i64,
) -> Result<i64, SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut candidates = Vec::new();
    for item in header.split(',') {
        let Some((key, value)) = item.trim().split_once('=') else {
            continue;
        };
        match key {
            "t" => timestamp = value.parse::<i64>().ok(),
            "v1" => {
                if let Ok(bytes) = hex::decode(value) {
                    candidates.push(bytes);
                }
            }
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if candidates.is_empty() {
        return Err(SignatureError::Malformed);
    }
    let expected = mac_of(secret, timestamp, payload);
    let matched = candidates.iter().fold(subtle::Choice::from(0), |any, c| {
        any | expected.as_slice().ct_eq(c.as_slice())
    });
    if !bool::from(matched) {
        return Err(SignatureError::Mismatch);
    }
    let age = (now - timestamp).abs();
    if age > tolerance {
        return Err(SignatureError::Stale { timestamp, age });
    }
    Ok(timestamp)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const PAYLOAD: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;
    const T: i64 = 1_700_000_000;
    /// HMAC-SHA256("whsec_test_secret", "1700000000.{payload}"), computed with Python's `hmac`
    /// module (the way localstripe and Stripe's libraries sign).
    const KNOWN_V1: &str = "22d8dc182f5c588077683bd378368e29765bfe5df2560112b4f28fef120f0e31";

    #[test]
    fn the_signature_is_the_hmac_of_timestamp_dot_payload() {
        // RFC 4231 test case 2 checks the primitive; the vector below checks the framing.
        let mut mac = Hmac::<Sha256>::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(mac.finalize().into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(sign(SECRET, T, PAYLOAD), format!("t={T},v1={KNOWN_V1}"));
    }

    #[test]
    fn a_genuine_signature_is_accepted() {
        let header = sign(SECRET, T, PAYLOAD);
        assert_eq!(
            verify(SECRET, Some(&header), PAYLOAD, T + 10, TOLERANCE_SECS),
            Ok(T)
        );
    }

    #[test]
    fn any_of_several_v1_signatures_may_match() {
        let good = &sign(SECRET, T, PAYLOAD)[format!("t={T},").len()..];
        let header = format!("t={T},v1={},{good},v0=abc", "00".repeat(32));
        assert_eq!(verify(SECRET, Some(&header), PAYLOAD, T, 300), Ok(T));
    }

    #[test]
    fn a_forged_signature_is_refused() {
        let other = sign("whsec_other", T, PAYLOAD);
        assert_eq!(
            verify(SECRET, Some(&other), PAYLOAD, T, 300),
            Err(SignatureError::Mismatch)
        );
        let header = sign(SECRET, T, PAYLOAD);
        let tampered = br#"{"id":"evt_1","type":"payment_intent.succeeded" }"#;
        assert_eq!(
            verify(SECRET, Some(&header), tampered, T, 300),
            Err(SignatureError::Mismatch)
        );
        // The timestamp is signed too: moving it breaks the signature.
        let moved = header.replace(&T.to_string(), &(T + 1).to_string());
        assert_eq!(
            verify(SECRET, Some(&moved), PAYLOAD, T, 300),
            Err(SignatureError::Mismatch)
        );
    }

    #[test]
    fn a_stale_or_future_signature_is_refused() {
        let header = sign(SECRET, T, PAYLOAD);
        assert_eq!(verify(SECRET, Some(&header), PAYLOAD, T + 300, 300), Ok(T));
        assert_eq!(
            verify(SECRET, Some(&header), PAYLOAD, T + 301, 300),
            Err(SignatureError::Stale {
                timestamp: T,
                age: 301
            })
        );
        assert!(matches!(
            verify(SECRET, Some(&header), PAYLOAD, T - 301, 300),
            Err(SignatureError::Stale { .. })
        ));
    }

    #[test]
    fn a_missing_or_malformed_header_is_refused() {
        assert_eq!(
            verify(SECRET, None, PAYLOAD, T, 300),
            Err(SignatureError::Missing)
        );
        let only_time = format!("t={T}");
        let not_hex = format!("t={T},v1=zz");
        for header in [
            "",
            "t=abc,v1=00",
            "v1=00",
            only_time.as_str(),
            not_hex.as_str(),
        ] {
            assert_eq!(
                verify(SECRET, Some(header), PAYLOAD, T, 300),
                Err(SignatureError::Malformed),
                "{header}"
            );
        }
    }
}
