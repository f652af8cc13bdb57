//! Backup codes: ten single-use codes `XXXX-XXXX` shown once when two-factor is enabled, stored
//! as salted SHA-256 (`sha256$<salt>$<digest>`, hex) and compared in constant time.
//!
//! SHA-256 rather than argon2: each code carries 40 random bits and a sign-in checks up to ten of
//! them; the per-code salt prevents precomputed tables and attempts are rate-limited.

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Number of codes given at once.
pub const COUNT: usize = 10;
/// 32 characters without the ambiguous 0/O and 1/I: 5 bits per character, 40 bits per code.
const ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_CHARS: usize = 8;

/// Ten fresh codes, formatted `XXXX-XXXX`.
pub fn generate() -> Vec<String> {
    let mut rng = rand::rngs::OsRng;
    (0..COUNT)
        .map(|_| {
            let chars: String = (0..CODE_CHARS)
                .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
                .collect();
            format!("{}-{}", &chars[..4], &chars[4..])
        })
        .collect()
}

/// The canonical form of a typed code (upper case, without spaces or hyphens), or `None` when
/// it cannot be a backup code.
pub fn normalize(input: &str) -> Option<String> {
    let code: String = input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect();
    let valid = code.len() == CODE_CHARS && code.bytes().all(|b| ALPHABET.contains(&b));
    valid.then_some(code)
}

/// The stored form of a code, with a fresh random salt.
pub fn hash(code: &str) -> String {
    let canonical = normalize(code).unwrap_or_else(|| code.to_owned());
    let salt: [u8; 16] = rand::random();
    format!(
        "sha256${}${}",
        hex::encode(salt),
        hex::encode(digest(&salt, &canonical))
    )
}

/// True when `input` is the code stored as `stored`.
pub fn verify(input: &str, stored: &str) -> bool {
    let Some(canonical) = normalize(input) else {
        return false;
    };
    let mut parts = stored.split('$');
    let (Some("sha256"), Some(salt), Some(expected), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let (Ok(salt), Ok(expected)) = (hex::decode(salt), hex::decode(expected)) else {
        return false;
    };
    digest(&salt, &canonical).as_slice().ct_eq(&expected).into()
}

fn digest(salt: &[u8], canonical: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(salt);
    hasher.update(canonical.as_bytes());
    hasher.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ten_distinct_codes_in_the_xxxx_xxxx_format_are_generated() {
        let codes = generate();
        assert_eq!(codes.len(), 10);
        assert_eq!(codes.iter().collect::<HashSet<_>>().len(), 10);
        for code in &codes {
            assert_eq!(code.len(), 9);
            assert_eq!(&code[4..5], "-");
            assert!(normalize(code).is_some(), "{code}");
        }
    }

    #[test]
    fn a_code_verifies_against_its_hash_whatever_the_case_or_spacing() {
        let code = "AB3D-EF7H";
        let stored = hash(code);
        assert!(verify(code, &stored));
        assert!(verify("ab3d ef7h", &stored));
        assert!(verify("AB3DEF7H", &stored));
    }

    #[test]
    fn a_different_code_does_not_verify() {
        let stored = hash("AB3D-EF7H");
        assert!(!verify("AB3D-EF7J", &stored));
        assert!(!verify("", &stored));
    }

    #[test]
    fn the_same_code_hashes_differently_each_time() {
        assert_ne!(hash("AB3D-EF7H"), hash("AB3D-EF7H"));
    }

    #[test]
    fn malformed_stored_values_never_verify() {
        for stored in [
            "",
            "sha256$zz$00",
            "md5$00$00",
            "sha256$00",
            "sha256$00$00$00",
        ] {
            assert!(!verify("AB3D-EF7H", stored), "{stored}");
        }
    }

    #[test]
    fn codes_with_ambiguous_characters_are_not_codes() {
        assert_eq!(normalize("AB0D-EF7H"), None);
        assert_eq!(normalize("ABCD-EF7"), None);
    }
}
