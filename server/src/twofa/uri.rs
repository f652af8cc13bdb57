//! The `otpauth://totp/...` URI that authenticator apps read from the QR code (the Key Uri
//! Format of Google Authenticator, understood by every TOTP app).

use super::totp::{DIGITS, STEP_SECONDS};
use super::TotpSecret;

/// The provisioning URI for `account` (the customer's e-mail) under `issuer` (the brand).
pub fn otpauth_uri(issuer: &str, account: &str, secret: &TotpSecret) -> String {
    format!(
        "otpauth://totp/{}:{}?secret={}&issuer={}&algorithm=SHA1&digits={DIGITS}&period={STEP_SECONDS}",
        encode(issuer),
        encode(account),
        secret.to_base32(),
        encode(issuer),
    )
}

/// Percent-encodes everything but RFC 3986 unreserved characters.
fn encode(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for b in input.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_names_issuer_and_account_and_carries_the_secret() {
        let secret = TotpSecret::from_base32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").unwrap();
        let uri = otpauth_uri("Forme Additive", "jean@exemple.fr", &secret);
        assert_eq!(
            uri,
            "otpauth://totp/Forme%20Additive:jean%40exemple.fr?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ\
             &issuer=Forme%20Additive&algorithm=SHA1&digits=6&period=30"
        );
    }

    #[test]
    fn non_ascii_characters_are_utf8_percent_encoded() {
        assert_eq!(encode("Fabriqué"), "Fabriqu%C3%A9");
        assert_eq!(encode("a:b?c&d"), "a%3Ab%3Fc%26d");
    }
}
