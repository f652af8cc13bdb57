//! Intra-EU VAT numbers: the shape of each member state's number (as the EU's VIES service
//! describes them) and, for France, the key computed from the SIREN.

use super::{DomainError, Siren};

/// A VAT number with a valid shape for its country, normalised (`FR40303265045`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct VatNumber(String);

/// One character class of a number's pattern.
#[derive(Clone, Copy)]
enum C {
    /// An ASCII digit.
    D,
    /// An ASCII upper-case letter.
    L,
    /// A digit or a letter.
    A,
    /// This exact character.
    X(u8),
}
use C::{A, D, L, X};

/// Allowed patterns per VAT prefix (what follows the two-letter prefix).
fn patterns(prefix: &str) -> Option<Vec<Vec<C>>> {
    let n = |k: usize| vec![D; k];
    let p = match prefix {
        "AT" => vec![[vec![X(b'U')], n(8)].concat()],
        "BE" => vec![n(10)],
        "BG" => vec![n(9), n(10)],
        "CY" => vec![[n(8), vec![L]].concat()],
        "CZ" => vec![n(8), n(9), n(10)],
        "DE" | "EE" | "EL" | "PT" => vec![n(9)],
        "DK" | "FI" | "HU" | "LU" | "MT" | "SI" => vec![n(8)],
        "ES" => vec![[vec![A], n(7), vec![A]].concat()],
        "FR" => vec![[vec![A, A], n(9)].concat()],
        "HR" | "IT" | "LV" => vec![n(11)],
        "IE" => vec![
            [n(7), vec![L]].concat(),
            [n(7), vec![L, L]].concat(),
            [vec![D, A], n(5), vec![L]].concat(),
        ],
        "LT" => vec![n(9), n(12)],
        "NL" => vec![[n(9), vec![X(b'B')], n(2)].concat()],
        "PL" | "SK" => vec![n(10)],
        "RO" => (2..=10).map(n).collect(),
        "SE" => vec![n(12)],
        "XI" => vec![n(9), n(12), [vec![L, L], n(3)].concat()],
        _ => return None,
    };
    Some(p)
}

fn matches(body: &[u8], pattern: &[C]) -> bool {
    body.len() == pattern.len()
        && body.iter().zip(pattern).all(|(b, c)| match c {
            D => b.is_ascii_digit(),
            L => b.is_ascii_uppercase(),
            A => b.is_ascii_alphanumeric(),
            X(x) => b == x,
        })
}

impl VatNumber {
    /// Parses a VAT number typed with optional spaces, dots or hyphens, any case.
    pub fn parse(input: &str) -> Result<Self, DomainError> {
        let value: String = input
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '.' && *c != '-')
            .flat_map(char::to_uppercase)
            .collect();
        if value.len() < 4 || !value.is_ascii() {
            return Err(DomainError::VatInvalidFormat);
        }
        let (prefix, body) = value.split_at(2);
        let patterns = patterns(prefix).ok_or(DomainError::VatUnknownCountry)?;
        if !patterns.iter().any(|p| matches(body.as_bytes(), p)) {
            return Err(DomainError::VatInvalidFormat);
        }
        match prefix {
            "FR" => check_french_key(body)?,
            "BE" => check_belgian_key(body)?,
            _ => {}
        }
        Ok(Self(value))
    }

    /// The normalised number, prefix included.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The SIREN inside a French number (`FR` + key + SIREN), `None` for another country.
    pub fn french_siren(&self) -> Option<Siren> {
        self.0
            .strip_prefix("FR")
            .and_then(|body| body.get(2..))
            .and_then(|siren| Siren::parse(siren).ok())
    }

    /// ISO 3166-1 code (lower case) of the issuing country; Greece's prefix is `EL`, Northern
    /// Ireland's `XI`.
    pub fn country_code(&self) -> String {
        match &self.0[..2] {
            "EL" => "gr".to_owned(),
            "XI" => "gb".to_owned(),
            other => other.to_ascii_lowercase(),
        }
    }
}

/// French key: `(12 + 3 * (SIREN mod 97)) mod 97` on two digits; the SIREN must pass Luhn.
/// Keys made of letters (issued to a few bodies) are accepted on the SIREN check alone.
fn check_french_key(body: &str) -> Result<(), DomainError> {
    let (key, siren) = body.split_at(2);
    let siren = Siren::parse(siren).map_err(|_| DomainError::VatInvalidKey)?;
    if key.bytes().all(|b| b.is_ascii_digit()) {
        let expected = (12 + 3 * (siren.value() % 97)) % 97;
        if key.parse::<u64>() != Ok(expected) {
            return Err(DomainError::VatInvalidKey);
        }
    }
    Ok(())
}

/// Belgian numbers: first digit 0 or 1, last two digits = 97 - (first eight mod 97).
fn check_belgian_key(body: &str) -> Result<(), DomainError> {
    if !body.starts_with(['0', '1']) {
        return Err(DomainError::VatInvalidFormat);
    }
    let (base, key) = body.split_at(8);
    let base: u64 = base.parse().map_err(|_| DomainError::VatInvalidFormat)?;
    if key.parse::<u64>() != Ok(97 - base % 97) {
        return Err(DomainError::VatInvalidKey);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_french_number_with_the_right_key_is_accepted_and_normalised() {
        let vat = VatNumber::parse("fr 40 303 265 045").unwrap();
        assert_eq!(vat.as_str(), "FR40303265045");
        assert_eq!(vat.country_code(), "fr");
        assert!(VatNumber::parse("FR44732829320").is_ok());
    }

    #[test]
    fn a_french_number_gives_its_siren_and_others_none() {
        let fr = VatNumber::parse("FR40303265045").unwrap();
        assert_eq!(fr.french_siren().unwrap().as_str(), "303265045");
        assert_eq!(
            VatNumber::parse("DE123456789").unwrap().french_siren(),
            None
        );
    }

    #[test]
    fn a_french_number_with_a_wrong_key_is_refused() {
        assert_eq!(
            VatNumber::parse("FR41303265045"),
            Err(DomainError::VatInvalidKey)
        );
    }

    #[test]
    fn a_french_number_whose_siren_fails_luhn_is_refused() {
        // Key 32 is right for 123456789, but that SIREN fails the Luhn check.
        assert_eq!(
            VatNumber::parse("FR32123456789"),
            Err(DomainError::VatInvalidKey)
        );
    }

    #[test]
    fn a_french_number_of_the_wrong_length_is_a_format_error() {
        assert_eq!(
            VatNumber::parse("FR4030326504"),
            Err(DomainError::VatInvalidFormat)
        );
    }

    #[test]
    fn other_member_states_are_checked_by_shape() {
        for ok in [
            "DE123456789",
            "ATU12345678",
            "NL123456789B01",
            "ESX1234567X",
            "IE1234567WA",
            "EL123456789",
        ] {
            assert!(VatNumber::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["DE12345678", "AT12345678", "NL123456789A01", "IT1234567890"] {
            assert_eq!(
                VatNumber::parse(bad),
                Err(DomainError::VatInvalidFormat),
                "{bad}"
            );
        }
    }

    #[test]
    fn greek_numbers_map_to_the_iso_code_gr() {
        assert_eq!(
            VatNumber::parse("EL123456789").unwrap().country_code(),
            "gr"
        );
    }

    #[test]
    fn belgian_numbers_have_their_key_checked() {
        // The key is 97 minus the first eight digits modulo 97.
        let base = 4_035_774u64;
        let good = format!("BE0{base}{:02}", 97 - base % 97);
        assert!(VatNumber::parse(&good).is_ok(), "{good}");
        assert_eq!(
            VatNumber::parse("BE0403577400"),
            Err(DomainError::VatInvalidKey)
        );
    }

    #[test]
    fn non_member_prefixes_are_refused() {
        assert_eq!(
            VatNumber::parse("GB123456789"),
            Err(DomainError::VatUnknownCountry)
        );
        assert_eq!(
            VatNumber::parse("US123456789"),
            Err(DomainError::VatUnknownCountry)
        );
        assert_eq!(VatNumber::parse("FR"), Err(DomainError::VatInvalidFormat));
    }
}
