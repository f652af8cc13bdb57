//! Last and first names (`nom`, `prenom`) of customers and of address recipients.

use super::{text, DomainError};

/// Maximum length of a name, in characters.
pub const MAX_LEN: usize = 100;

macro_rules! name_type {
    ($(#[$doc:meta])* $name:ident, $field:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// Trims and checks the name: non-empty, at most 100 characters, no digits or markup.
            pub fn parse(input: &str) -> Result<Self, DomainError> {
                let value = text::required(input, $field, MAX_LEN)?;
                if value.chars().any(|c| c.is_ascii_digit()) {
                    return Err(DomainError::ForbiddenCharacters { field: $field });
                }
                Ok(Self(value))
            }

            /// The name as typed, trimmed.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }
    };
}

name_type!(
    /// A last name (`nom`).
    Nom,
    "nom"
);
name_type!(
    /// A first name (`prénom`).
    Prenom,
    "prénom"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_accents_hyphens_and_apostrophes_are_accepted() {
        assert_eq!(
            Nom::parse(" N'Guessan-Lefèvre ").unwrap().as_str(),
            "N'Guessan-Lefèvre"
        );
        assert_eq!(Prenom::parse("Éloïse").unwrap().as_str(), "Éloïse");
    }

    #[test]
    fn empty_name_is_refused_with_the_french_field_name() {
        assert_eq!(
            Prenom::parse("").unwrap_err().to_string(),
            "Le champ «\u{a0}prénom\u{a0}» est obligatoire."
        );
        assert_eq!(
            Nom::parse("  "),
            Err(DomainError::Required { field: "nom" })
        );
    }

    #[test]
    fn names_over_one_hundred_characters_are_refused() {
        assert!(Nom::parse(&"a".repeat(100)).is_ok());
        assert_eq!(
            Nom::parse(&"a".repeat(101)),
            Err(DomainError::TooLong {
                field: "nom",
                max: 100
            })
        );
    }

    #[test]
    fn names_with_digits_are_refused() {
        assert!(Nom::parse("Dupont2").is_err());
    }
}
