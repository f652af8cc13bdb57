//! Postcodes, checked by the format of the address's country (strictly for France, by shape for
//! a few neighbours, loosely elsewhere).

use super::DomainError;

/// A postcode valid for the country it was parsed for.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct PostalCode(String);

impl PostalCode {
    /// Parses `input` for the country `country` (ISO 3166-1 alpha-2, lower case).
    pub fn parse(input: &str, country: &str) -> Result<Self, DomainError> {
        let value = input.trim().to_uppercase();
        match country {
            "fr" | "mc" => parse_french(&value),
            "de" | "es" | "it" | "fi" | "ee" | "hr" => digits(&value, 5),
            "be" | "ch" | "lu" | "at" | "dk" | "hu" | "si" | "bg" => digits(&value, 4),
            "nl" => parse_dutch(&value),
            "pt" => parse_portuguese(&value),
            _ => parse_loose(&value),
        }
    }

    /// The postcode, upper-cased and trimmed.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn parse_french(value: &str) -> Result<PostalCode, DomainError> {
    let ok = value.len() == 5
        && value.bytes().all(|b| b.is_ascii_digit())
        // Departments 01 to 95 (20 for Corsica), 97 overseas, 98 Monaco and the Pacific.
        && matches!(value[..2].parse::<u8>(), Ok(1..=95 | 97 | 98));
    if ok {
        Ok(PostalCode(value.to_owned()))
    } else {
        Err(DomainError::InvalidFrenchPostcode)
    }
}

fn digits(value: &str, len: usize) -> Result<PostalCode, DomainError> {
    if value.len() == len && value.bytes().all(|b| b.is_ascii_digit()) {
        Ok(PostalCode(value.to_owned()))
    } else {
        Err(DomainError::InvalidPostcode)
    }
}

fn parse_dutch(value: &str) -> Result<PostalCode, DomainError> {
    let compact: String = value.chars().filter(|c| *c != ' ').collect();
    let b = compact.as_bytes();
    let ok = b.len() == 6
        && b[0] != b'0'
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4..].iter().all(u8::is_ascii_uppercase);
    if ok {
        Ok(PostalCode(format!("{} {}", &compact[..4], &compact[4..])))
    } else {
        Err(DomainError::InvalidPostcode)
    }
}

fn parse_portuguese(value: &str) -> Result<PostalCode, DomainError> {
    let b = value.as_bytes();
    let ok = b.len() == 8
        && b[4] == b'-'
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[5..].iter().all(u8::is_ascii_digit);
    if ok {
        Ok(PostalCode(value.to_owned()))
    } else {
        Err(DomainError::InvalidPostcode)
    }
}

fn parse_loose(value: &str) -> Result<PostalCode, DomainError> {
    let ok = (2..=10).contains(&value.len())
        && value.chars().any(|c| c.is_ascii_alphanumeric())
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-');
    if ok {
        Ok(PostalCode(value.to_owned()))
    } else {
        Err(DomainError::InvalidPostcode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_postcodes_are_five_digits_of_a_department() {
        for ok in ["75011", "01000", "20000", "97400", "98000", " 69003 "] {
            assert!(PostalCode::parse(ok, "fr").is_ok(), "{ok}");
        }
    }

    #[test]
    fn bad_french_postcodes_are_refused_with_the_french_message() {
        for bad in ["7501", "750111", "7501A", "00100", "96000", "99000", ""] {
            let err = PostalCode::parse(bad, "fr").unwrap_err();
            assert_eq!(err, DomainError::InvalidFrenchPostcode, "{bad}");
        }
        assert!(DomainError::InvalidFrenchPostcode
            .to_string()
            .contains("5\u{a0}chiffres"));
    }

    #[test]
    fn neighbours_follow_their_own_shape() {
        assert!(PostalCode::parse("10115", "de").is_ok());
        assert!(PostalCode::parse("1000", "be").is_ok());
        assert!(PostalCode::parse("10000", "be").is_err());
        assert_eq!(
            PostalCode::parse("1011ab", "nl").unwrap().as_str(),
            "1011 AB"
        );
        assert!(PostalCode::parse("1000-001", "pt").is_ok());
        assert!(PostalCode::parse("1000001", "pt").is_err());
    }

    #[test]
    fn other_countries_accept_alphanumeric_codes() {
        assert_eq!(
            PostalCode::parse("sw1a 1aa", "gb").unwrap().as_str(),
            "SW1A 1AA"
        );
        assert!(PostalCode::parse("H2X 1Y4", "ca").is_ok());
        assert!(PostalCode::parse("", "gb").is_err());
        assert!(PostalCode::parse("12;34", "us").is_err());
    }
}
