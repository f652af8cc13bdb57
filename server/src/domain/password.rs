//! A new password chosen by a customer, checked against the shop's rule (OWASP ASVS 2.1): long
//! enough, no composition rule, and not one that attackers try first.
//!
//! "Tried first" is judged by `zxcvbn` (crates.io), whose dictionaries hold the 30,000 passwords
//! most often found in breached lists: a password it can guess within a million tries (score 0
//! or 1: a listed password, also with capitals, digits appended or l33t substitutions, a keyboard
//! walk, a sequence, a repetition) is refused. The sign-up and password pages show the same
//! estimate as a strength meter (`@zxcvbn-ts/core`, the same algorithm and lists), but only
//! this check decides.

use super::DomainError;

/// Minimum length of a password, in characters.
pub const MIN_LEN: usize = 12;
/// Maximum length, so that hashing cost stays bounded.
pub const MAX_LEN: usize = 128;

/// A password meeting the rule: 12 to 128 characters, not guessable within a million tries.
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
        if is_guessable(input) {
            return Err(DomainError::PasswordTooCommon);
        }
        Ok(Self(input.to_owned()))
    }

    /// The password, to be hashed and then dropped.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Whether `zxcvbn` guesses `input` within a million tries (score 0 or 1). Its keyboard walks
/// are QWERTY's, and French keyboards are AZERTY: the password is also judged as typed on the
/// same keys of a QWERTY keyboard (`azertyuiop` is `qwertyuiop` there).
fn is_guessable(input: &str) -> bool {
    let guessable = |p: &str| zxcvbn::zxcvbn(p, &[]).score() <= zxcvbn::Score::One;
    guessable(input) || guessable(&azerty_keys_on_qwerty(input))
}

/// `input` typed on an AZERTY keyboard, as the same keys give on a QWERTY one (letters only:
/// A/Q, Z/W and M/; swap places).
fn azerty_keys_on_qwerty(input: &str) -> String {
    input
        .chars()
        .map(|c| match c {
            'a' => 'q',
            'q' => 'a',
            'z' => 'w',
            'w' => 'z',
            'm' => ';',
            'A' => 'Q',
            'Q' => 'A',
            'Z' => 'W',
            'W' => 'Z',
            'M' => ':',
            other => other,
        })
        .collect()
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
    fn a_long_uncommon_password_is_accepted_without_composition_rule() {
        assert_eq!(
            Password::parse("imprimante3d-lyon").unwrap().expose(),
            "imprimante3d-lyon"
        );
        assert!(Password::parse("Fusée à douze étages").is_ok());
        // No digit, no capital, no symbol: four unrelated words are enough.
        assert!(Password::parse("cheval agrafe pluie violon").is_ok());
    }

    #[test]
    fn an_eleven_character_password_is_refused_with_the_minimum_in_the_message() {
        let err = Password::parse("Zq8-vLm2#rT").unwrap_err();
        assert_eq!(err, DomainError::PasswordTooShort { min: 12 });
        assert!(err.to_string().contains("12 caractères"));
        assert!(Password::parse("Zq8-vLm2#rTk").is_ok());
    }

    #[test]
    fn common_breached_passwords_are_refused_whatever_their_length() {
        for common in [
            "password1234",
            "Password1234",
            "qwertyuiopasdf",
            "123456789012",
            "azertyuiopqsd",
            "aaaaaaaaaaaaaaaa",
            "iloveyou12345",
        ] {
            let err = Password::parse(common).err();
            assert_eq!(err, Some(DomainError::PasswordTooCommon), "{common}");
        }
    }

    #[test]
    fn the_refusal_says_why_in_french() {
        let err = DomainError::PasswordTooCommon.to_string();
        assert!(err.starts_with("Ce mot de passe est trop courant"), "{err}");
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
        let p = Password::parse("secret-imprimante-42").unwrap();
        assert!(!format!("{p:?}").contains("secret"));
    }
}
