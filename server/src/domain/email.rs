//! A customer's e-mail address, trimmed and lower-cased so that one mailbox is one account.

use super::DomainError;

/// A syntactically valid e-mail address, stored in lower case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Email(String);

const MAX_LEN: usize = 254;
const MAX_LOCAL: usize = 64;

impl Email {
    /// Parses and normalises an address (surrounding spaces removed, lower case).
    pub fn parse(input: &str) -> Result<Self, DomainError> {
        let value = input.trim().to_lowercase();
        if value.is_empty() || value.chars().count() > MAX_LEN {
            return Err(DomainError::InvalidEmail);
        }
        let (local, domain) = value.split_once('@').ok_or(DomainError::InvalidEmail)?;
        if !valid_local(local) || !valid_domain(domain) {
            return Err(DomainError::InvalidEmail);
        }
        Ok(Self(value))
    }

    /// The normalised address.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn valid_local(local: &str) -> bool {
    const SPECIALS: &str = "!#$%&'*+/=?^_`{|}~.-";
    !local.is_empty()
        && local.len() <= MAX_LOCAL
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || SPECIALS.contains(c))
}

fn valid_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    if labels.len() < 2 {
        return false;
    }
    let tld = labels[labels.len() - 1];
    if tld.len() < 2 || !tld.chars().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    labels.iter().all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_is_trimmed_and_lower_cased() {
        let email = Email::parse("  Jean.Dupont@Exemple.FR ").unwrap();
        assert_eq!(email.as_str(), "jean.dupont@exemple.fr");
    }

    #[test]
    fn plus_addressing_and_subdomains_are_accepted() {
        assert!(Email::parse("marie+devis@atelier.exemple.co.uk").is_ok());
    }

    #[test]
    fn addresses_without_at_sign_or_domain_dot_are_refused() {
        for bad in [
            "",
            "jean",
            "jean@",
            "@exemple.fr",
            "jean@exemple",
            "jean@@exemple.fr",
        ] {
            assert_eq!(Email::parse(bad), Err(DomainError::InvalidEmail), "{bad}");
        }
    }

    #[test]
    fn malformed_local_parts_and_labels_are_refused() {
        for bad in [
            ".jean@exemple.fr",
            "jean.@exemple.fr",
            "je..an@exemple.fr",
            "je an@exemple.fr",
            "jean@-exemple.fr",
            "jean@exemple.f",
            "jean@exemple.123",
            "<script>@exemple.fr",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn overlong_addresses_are_refused() {
        let local = "a".repeat(65);
        assert!(Email::parse(&format!("{local}@exemple.fr")).is_err());
        let domain = format!("{}.fr", vec!["b".repeat(60); 5].join("."));
        assert!(Email::parse(&format!("jean@{domain}")).is_err());
    }
}
