//! The refusals of the domain types, each with the French message shown to the user.

/// Why a value typed by a user was refused. `Display` gives the French sentence for the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// An e-mail address that is not of the form `nom@domaine.tld`.
    #[error("L'adresse e-mail n'est pas valide.")]
    InvalidEmail,
    /// A password shorter than the minimum.
    #[error("Le mot de passe doit contenir au moins {min} caractères.")]
    PasswordTooShort {
        /// Minimum number of characters.
        min: usize,
    },
    /// A password longer than the maximum (hashing cost guard).
    #[error("Le mot de passe ne doit pas dépasser {max} caractères.")]
    PasswordTooLong {
        /// Maximum number of characters.
        max: usize,
    },
    /// A password found in the breached-password lists or guessable within a million tries.
    #[error(
        "Ce mot de passe est trop courant\u{a0}: il figure parmi les mots de passe divulgués ou se devine trop vite (suite, répétition, mot courant). Choisissez-en un autre, par exemple plusieurs mots sans rapport entre eux."
    )]
    PasswordTooCommon,
    /// A required text field left empty.
    #[error("Le champ «\u{a0}{field}\u{a0}» est obligatoire.")]
    Required {
        /// French name of the field.
        field: &'static str,
    },
    /// A text field longer than allowed.
    #[error("Le champ «\u{a0}{field}\u{a0}» ne doit pas dépasser {max} caractères.")]
    TooLong {
        /// French name of the field.
        field: &'static str,
        /// Maximum number of characters.
        max: usize,
    },
    /// A text field holding control characters or markup delimiters.
    #[error("Le champ «\u{a0}{field}\u{a0}» contient des caractères non autorisés.")]
    ForbiddenCharacters {
        /// French name of the field.
        field: &'static str,
    },
    /// A French postcode that is not five digits of an existing department.
    #[error("Le code postal doit comporter 5\u{a0}chiffres (par exemple 75011).")]
    InvalidFrenchPostcode,
    /// A postcode of another country that does not match that country's format.
    #[error("Le code postal n'est pas valide pour ce pays.")]
    InvalidPostcode,
    /// A telephone number that is neither French nor international.
    #[error(
        "Le numéro de téléphone n'est pas valide (exemples\u{a0}: 06\u{a0}12\u{a0}34\u{a0}56\u{a0}78 ou +33\u{a0}6\u{a0}12\u{a0}34\u{a0}56\u{a0}78)."
    )]
    InvalidPhone,
    /// A VAT number whose prefix is not an EU member state (or XI).
    #[error("Le numéro de TVA doit commencer par le code d'un pays de l'Union européenne (par exemple FR).")]
    VatUnknownCountry,
    /// A VAT number whose characters do not match its country's format.
    #[error("Le numéro de TVA intracommunautaire n'a pas le format attendu pour ce pays.")]
    VatInvalidFormat,
    /// A French VAT number whose key does not match its SIREN, or a SIREN failing its check.
    #[error("Le numéro de TVA intracommunautaire est invalide (clé de contrôle incorrecte).")]
    VatInvalidKey,
    /// A SIREN that is not nine digits passing the Luhn check.
    #[error("Le numéro SIREN doit comporter 9\u{a0}chiffres valides.")]
    InvalidSiren,
    /// A SIREN that differs from the one inside the company's French VAT number.
    #[error(
        "Le numéro SIREN ne correspond pas au numéro de TVA intracommunautaire\u{a0}: un numéro de TVA français se compose de FR, d'une clé de 2\u{a0}chiffres et du SIREN de l'entreprise."
    )]
    SirenVatMismatch,
    /// A SIRET that is not fourteen digits passing the Luhn check.
    #[error("Le numéro SIRET doit comporter 14\u{a0}chiffres valides.")]
    InvalidSiret,
}

#[cfg(test)]
mod tests {
    use super::*;

    const NBSP: char = '\u{a0}';

    #[test]
    fn messages_use_no_break_spaces_before_colons_and_inside_guillemets() {
        let msg = DomainError::InvalidPhone.to_string();
        assert!(msg.contains(&format!("exemples{NBSP}:")));
        let msg = DomainError::Required { field: "ville" }.to_string();
        assert_eq!(msg, "Le champ «\u{a0}ville\u{a0}» est obligatoire.");
    }
}
