//! Telephone numbers: French national (`06 12 34 56 78`) or international (`+33 6 12 34 56 78`,
//! `+49 30 1234567`), stored in E.164 form (`+33612345678`).

use super::DomainError;

/// A telephone number in E.164 form.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Phone(String);

impl Phone {
    /// Parses a number typed with optional spaces, dots, hyphens or parentheses.
    pub fn parse(input: &str) -> Result<Self, DomainError> {
        let trimmed = input.trim();
        let mut compact = String::with_capacity(trimmed.len());
        for (i, c) in trimmed.chars().enumerate() {
            match c {
                '0'..='9' => compact.push(c),
                '+' if i == 0 => compact.push(c),
                ' ' | '.' | '-' | '(' | ')' | '\u{a0}' => {}
                _ => return Err(DomainError::InvalidPhone),
            }
        }
        let international = if let Some(rest) = compact.strip_prefix('+') {
            rest.to_owned()
        } else if compact.len() == 10 && compact.starts_with('0') {
            // French national number: 0 followed by nine digits, the first of them 1 to 9.
            format!("33{}", &compact[1..])
        } else if let Some(rest) = compact.strip_prefix("00") {
            rest.to_owned()
        } else {
            return Err(DomainError::InvalidPhone);
        };
        validate_international(&international)?;
        Ok(Self(format!("+{international}")))
    }

    /// The number in E.164 form.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// French display: `06 12 34 56 78` for French numbers, else the E.164 form.
    pub fn display_fr(&self) -> String {
        match self.0.strip_prefix("+33") {
            Some(rest) => {
                let national = format!("0{rest}");
                let pairs: Vec<&str> = (0..5).map(|i| &national[2 * i..2 * i + 2]).collect();
                pairs.join(" ")
            }
            None => self.0.clone(),
        }
    }
}

fn validate_international(digits: &str) -> Result<(), DomainError> {
    if !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
        return Err(DomainError::InvalidPhone);
    }
    if let Some(national) = digits.strip_prefix("33") {
        // French numbers: exactly nine digits after +33, not starting with 0.
        if national.len() != 9 || national.starts_with('0') {
            return Err(DomainError::InvalidPhone);
        }
        return Ok(());
    }
    // E.164: country code plus subscriber number, 8 to 15 digits in all.
    if !(8..=15).contains(&digits.len()) {
        return Err(DomainError::InvalidPhone);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_national_numbers_become_e164() {
        for input in [
            "06 12 34 56 78",
            "06.12.34.56.78",
            "0612345678",
            "06-12-34-56-78",
        ] {
            assert_eq!(
                Phone::parse(input).unwrap().as_str(),
                "+33612345678",
                "{input}"
            );
        }
    }

    #[test]
    fn plus_33_and_0033_forms_are_accepted() {
        assert_eq!(
            Phone::parse("+33 6 12 34 56 78").unwrap().as_str(),
            "+33612345678"
        );
        assert_eq!(
            Phone::parse("0033 1 23 45 67 89").unwrap().as_str(),
            "+33123456789"
        );
        assert_eq!(
            Phone::parse("+33 (0)6 12 34 56 78"),
            Err(DomainError::InvalidPhone)
        );
    }

    #[test]
    fn international_numbers_are_accepted() {
        assert_eq!(
            Phone::parse("+49 30 1234567").unwrap().as_str(),
            "+49301234567"
        );
        assert_eq!(
            Phone::parse("+1 (415) 555-0100").unwrap().as_str(),
            "+14155550100"
        );
    }

    #[test]
    fn french_display_groups_digits_by_pairs() {
        assert_eq!(
            Phone::parse("+33612345678").unwrap().display_fr(),
            "06 12 34 56 78"
        );
        assert_eq!(
            Phone::parse("+4930123456").unwrap().display_fr(),
            "+4930123456"
        );
    }

    #[test]
    fn wrong_lengths_letters_and_misplaced_plus_are_refused() {
        for bad in [
            "",
            "06 12 34 56",
            "06 12 34 56 78 9",
            "00 12 34 56 78",
            "+33 6 12 34 56 7",
            "06 12 AB 56 78",
            "06+12345678",
            "+1234567",
            "+1234567890123456",
        ] {
            assert_eq!(Phone::parse(bad), Err(DomainError::InvalidPhone), "{bad}");
        }
    }
}
