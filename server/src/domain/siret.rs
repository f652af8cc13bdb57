//! French company identifiers: SIREN (9 digits, the company) and SIRET (14 digits, one of its
//! establishments), both protected by the Luhn checksum.

use super::{luhn, DomainError};

/// La Poste's SIREN: its SIRET numbers use a digit sum divisible by 5 instead of Luhn.
const LA_POSTE_SIREN: &str = "356000000";

/// A valid SIREN number.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Siren(String);

impl Siren {
    /// Parses nine digits (spaces allowed) passing the Luhn check.
    pub fn parse(input: &str) -> Result<Self, DomainError> {
        let digits = strip_spaces(input);
        if digits.len() != 9 || !luhn::is_valid(&digits) {
            return Err(DomainError::InvalidSiren);
        }
        Ok(Self(digits))
    }

    /// The nine digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The SIREN as a number, for the French VAT key.
    pub fn value(&self) -> u64 {
        // Nine ASCII digits always fit; parse cannot fail after `parse` validated them.
        self.0.parse().unwrap_or(0)
    }
}

/// A valid SIRET number.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Siret(String);

impl Siret {
    /// Parses fourteen digits (spaces allowed) whose SIREN part and whole pass their checks.
    pub fn parse(input: &str) -> Result<Self, DomainError> {
        let digits = strip_spaces(input);
        if digits.len() != 14 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DomainError::InvalidSiret);
        }
        let valid = if &digits[..9] == LA_POSTE_SIREN {
            luhn::is_valid(&digits) || digit_sum(&digits).is_multiple_of(5)
        } else {
            luhn::is_valid(&digits[..9]) && luhn::is_valid(&digits)
        };
        if !valid {
            return Err(DomainError::InvalidSiret);
        }
        Ok(Self(digits))
    }

    /// The fourteen digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The company's SIREN (first nine digits).
    pub fn siren(&self) -> Siren {
        Siren(self.0[..9].to_owned())
    }
}

fn strip_spaces(input: &str) -> String {
    input.chars().filter(|c| !c.is_whitespace()).collect()
}

fn digit_sum(digits: &str) -> u32 {
    digits.bytes().map(|b| u32::from(b - b'0')).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_siren_with_spaces_is_accepted() {
        assert_eq!(Siren::parse("732 829 320").unwrap().value(), 732_829_320);
    }

    #[test]
    fn sirens_failing_luhn_or_length_are_refused() {
        for bad in ["732829321", "73282932", "7328293200", "73282932a", ""] {
            assert_eq!(Siren::parse(bad), Err(DomainError::InvalidSiren), "{bad}");
        }
    }

    #[test]
    fn a_real_siret_is_accepted_and_gives_its_siren() {
        let siret = Siret::parse("732 829 320 00074").unwrap();
        assert_eq!(siret.siren().as_str(), "732829320");
    }

    #[test]
    fn sirets_with_a_wrong_digit_are_refused() {
        assert_eq!(
            Siret::parse("73282932000075"),
            Err(DomainError::InvalidSiret)
        );
        assert_eq!(
            Siret::parse("12345678900000"),
            Err(DomainError::InvalidSiret)
        );
        assert_eq!(
            Siret::parse("7328293200007"),
            Err(DomainError::InvalidSiret)
        );
    }

    #[test]
    fn la_poste_sirets_use_their_digit_sum_rule() {
        // 35600000000048 passes Luhn.
        assert!(Siret::parse("35600000000048").is_ok());
        // 35600000049837 fails Luhn but its digit sum (45) is a multiple of 5.
        assert!(Siret::parse("35600000049837").is_ok());
        assert!(Siret::parse("35600000049838").is_err());
    }
}
