//! A new password chosen by a customer, checked against the shop's strength rule.

use super::DomainError;

/// Minimum length of a password, in characters.
pub const MIN_LEN: usize = 10;
/// Maximum length, so that hashing cost stays bounded.
pub const MAX_LEN: usize = 128;

/// A password meeting the rule: 10 to 128 characters, at least one letter and one digit.
/// Its `Debug` never prints the value.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// Checks a new password. Surrounding spaces are kept: they are part of what the user typed.
    pub fn parse(input: &str) -> Result<Self, DomainError> {
        let len = input.chars().count();
        if len < MIN_LEN {
            return Err(DomainError::PasswordTooShort { min: MIN_LEN });
        }
        if len > MAX_LEN {
            return Err(DomainError::PasswordTooLong { max: MAX_LEN });
        }
        let has_letter = input.chars().any(char::is_alphabetic);
        let has_digit = input.chars().any(|c| c.is_ascii_digit());
        if !has_letter || !has_digit {
            return Err(DomainError::PasswordTooWeak);
        }
        Ok(Self(input.to_owned()))
    }

    /// The password, to be hashed and then dropped.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_password_with_letters_and_digits_is_accepted() {
        assert_eq!(
            Password::parse("imprimante3d").unwrap().expose(),
            "imprimante3d"
        );
        assert!(Password::parse("Fusée à 10 étages").is_ok());
    }

    #[test]
    fn short_passwords_are_refused_with_the_minimum_in_the_message() {
        let err = Password::parse("abc123").unwrap_err();
        assert_eq!(err, DomainError::PasswordTooShort { min: 10 });
        assert!(err.to_string().contains("10 caractères"));
    }

    #[test]
    fn passwords_without_digit_or_letter_are_refused() {
        assert_eq!(
            Password::parse("motdepasseimprimante"),
            Err(DomainError::PasswordTooWeak)
        );
        assert_eq!(
            Password::parse("12345678901234"),
            Err(DomainError::PasswordTooWeak)
        );
    }

    #[test]
    fn overlong_passwords_are_refused() {
        let long = format!("a1{}", "x".repeat(MAX_LEN));
        assert_eq!(
            Password::parse(&long),
            Err(DomainError::PasswordTooLong { max: MAX_LEN })
        );
    }

    #[test]
    fn debug_output_hides_the_password() {
        let p = Password::parse("secret12345").unwrap();
        assert!(!format!("{p:?}").contains("secret"));
    }
}
