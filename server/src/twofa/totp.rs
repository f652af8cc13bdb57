//! Time-based one-time passwords (RFC 6238 over HOTP, RFC 4226): HMAC-SHA1, 30-second steps,
//! six digits, one step of tolerance either way, and no reuse of an already accepted step.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha1::Sha1;
use subtle::ConstantTimeEq;

use super::TwoFaError;

/// Length of a step, in seconds.
pub const STEP_SECONDS: u64 = 30;
/// Digits of a code.
pub const DIGITS: u32 = 6;
/// Steps accepted before and after the current one (clock drift of the phone).
pub const WINDOW: u64 = 1;
/// Bytes of a generated secret (160 bits, as RFC 4226 recommends).
const SECRET_BYTES: usize = 20;

/// A shared TOTP secret.
#[derive(Clone, PartialEq, Eq)]
pub struct TotpSecret(Vec<u8>);

impl std::fmt::Debug for TotpSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TotpSecret(***)")
    }
}

impl TotpSecret {
    /// A new random secret from the operating system's generator.
    pub fn generate() -> Self {
        let mut bytes = vec![0u8; SECRET_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self(bytes)
    }

    /// Reads a base32 secret (RFC 4648, padding and spaces optional, any case).
    pub fn from_base32(input: &str) -> Result<Self, TwoFaError> {
        let clean: String = input
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '=')
            .flat_map(char::to_uppercase)
            .collect();
        let bytes = data_encoding::BASE32_NOPAD
            .decode(clean.as_bytes())
            .map_err(|_| TwoFaError::InvalidSecret)?;
        if bytes.len() < 10 {
            return Err(TwoFaError::InvalidSecret);
        }
        Ok(Self(bytes))
    }

    /// The secret in base32 without padding, as authenticator apps expect it.
    pub fn to_base32(&self) -> String {
        data_encoding::BASE32_NOPAD.encode(&self.0)
    }

    /// The step number containing Unix time `unix`.
    pub fn step_of(unix: u64) -> u64 {
        unix / STEP_SECONDS
    }

    /// The code of step `step`, zero-padded to six digits.
    pub fn code_for_step(&self, step: u64) -> String {
        format!("{:0width$}", hotp(&self.0, step), width = DIGITS as usize)
    }

    /// The code valid at Unix time `unix`.
    pub fn code_at(&self, unix: u64) -> String {
        self.code_for_step(Self::step_of(unix))
    }

    /// Checks `input` at Unix time `unix`. Returns the matched step, which the caller stores so
    /// that the same code (or an older one) is refused next time: steps `<= last_used_step` never
    /// match. Every candidate is compared in constant time.
    pub fn verify(&self, input: &str, unix: u64, last_used_step: Option<u64>) -> Option<u64> {
        let code: String = input.chars().filter(|c| !c.is_whitespace()).collect();
        if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let current = Self::step_of(unix);
        let mut matched = None;
        for step in current.saturating_sub(WINDOW)..=current + WINDOW {
            let expected = self.code_for_step(step);
            let equal: bool = expected.as_bytes().ct_eq(code.as_bytes()).into();
            let fresh = last_used_step.is_none_or(|last| step > last);
            if equal && fresh {
                matched = Some(step);
            }
        }
        matched
    }
}

/// HOTP value (RFC 4226 section 5.3) of `counter`, reduced to six digits.
fn hotp(key: &[u8], counter: u64) -> u32 {
    // HMAC accepts keys of any length, so `new_from_slice` cannot fail here.
    let mut mac = <Hmac<Sha1> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(&counter.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[19] & 0x0f);
    let binary = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    binary % 10u32.pow(DIGITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The RFC 6238 appendix B key for SHA-1: "12345678901234567890".
    fn rfc_secret() -> TotpSecret {
        TotpSecret(b"12345678901234567890".to_vec())
    }

    #[test]
    fn codes_match_the_rfc_6238_test_vectors() {
        // Appendix B gives eight digits; six-digit codes are their last six.
        let s = rfc_secret();
        assert_eq!(s.code_at(59), "287082");
        assert_eq!(s.code_at(1_111_111_109), "081804");
        assert_eq!(s.code_at(1_234_567_890), "005924");
        assert_eq!(s.code_at(2_000_000_000), "279037");
    }

    #[test]
    fn hotp_matches_the_rfc_4226_test_vectors() {
        let expected = [
            755224, 287082, 359152, 969429, 338314, 254676, 287922, 162583, 399871, 520489,
        ];
        for (counter, value) in expected.iter().enumerate() {
            assert_eq!(hotp(b"12345678901234567890", counter as u64), *value);
        }
    }

    #[test]
    fn base32_round_trips_and_accepts_lower_case_and_spaces() {
        let s = TotpSecret::generate();
        let b32 = s.to_base32();
        assert_eq!(b32.len(), 32);
        assert_eq!(TotpSecret::from_base32(&b32.to_lowercase()).unwrap(), s);
        assert_eq!(
            TotpSecret::from_base32("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ").unwrap(),
            rfc_secret()
        );
    }

    #[test]
    fn bad_or_short_secrets_are_refused() {
        assert_eq!(
            TotpSecret::from_base32("not base32!"),
            Err(TwoFaError::InvalidSecret)
        );
        assert_eq!(
            TotpSecret::from_base32("GEZDGNBV"),
            Err(TwoFaError::InvalidSecret)
        );
    }

    #[test]
    fn the_current_and_adjacent_steps_are_accepted() {
        let s = rfc_secret();
        let now = 1_234_567_890;
        assert_eq!(s.verify(&s.code_at(now), now, None), Some(now / 30));
        assert!(s.verify(&s.code_at(now - 30), now, None).is_some());
        assert!(s.verify(&s.code_at(now + 30), now, None).is_some());
    }

    #[test]
    fn codes_two_steps_away_are_refused() {
        let s = rfc_secret();
        let now = 1_234_567_890;
        assert_eq!(s.verify(&s.code_at(now - 60), now, None), None);
        assert_eq!(s.verify(&s.code_at(now + 60), now, None), None);
    }

    #[test]
    fn a_code_cannot_be_used_twice() {
        let s = rfc_secret();
        let now = 1_234_567_890;
        let step = s.verify(&s.code_at(now), now, None).unwrap();
        assert_eq!(s.verify(&s.code_at(now), now, Some(step)), None);
        assert_eq!(s.verify(&s.code_at(now - 30), now, Some(step)), None);
        assert!(s.verify(&s.code_at(now + 30), now, Some(step)).is_some());
    }

    #[test]
    fn malformed_input_is_refused() {
        let s = rfc_secret();
        for bad in ["", "12345", "1234567", "12a456", "２８７０８２"] {
            assert_eq!(s.verify(bad, 59, None), None, "{bad}");
        }
        assert!(s.verify(" 287 082 ", 59, None).is_some());
    }

    #[test]
    fn debug_output_hides_the_secret() {
        assert_eq!(format!("{:?}", rfc_secret()), "TotpSecret(***)");
    }
}
