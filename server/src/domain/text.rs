//! Free-text fields (town, street, company name...): trimmed, bounded, without control characters.

use super::DomainError;

/// Trims `input` and checks it is non-empty, at most `max` characters and free of control
/// characters and of `<` `>` (no markup ever reaches an e-mail or invoice).
pub fn required(input: &str, field: &'static str, max: usize) -> Result<String, DomainError> {
    optional(input, field, max)?.ok_or(DomainError::Required { field })
}

/// Like [`required`], but an empty or blank value gives `None`.
pub fn optional(
    input: &str,
    field: &'static str,
    max: usize,
) -> Result<Option<String>, DomainError> {
    let value = input.trim();
    if value.is_empty() {
        return Ok(None);
    }
    if value.chars().count() > max {
        return Err(DomainError::TooLong { field, max });
    }
    if value
        .chars()
        .any(|c| c.is_control() || c == '<' || c == '>')
    {
        return Err(DomainError::ForbiddenCharacters { field });
    }
    Ok(Some(value.to_owned()))
}

/// A file name between French quotes: « support.stl ».
pub fn quoted(name: &str) -> String {
    format!("«\u{a0}{name}\u{a0}»")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed() {
        assert_eq!(required("  Lyon ", "ville", 10).unwrap(), "Lyon");
    }

    #[test]
    fn blank_required_text_is_refused_with_the_field_name() {
        let err = required("   ", "ville", 10).unwrap_err();
        assert_eq!(err, DomainError::Required { field: "ville" });
    }

    #[test]
    fn blank_optional_text_is_none() {
        assert_eq!(optional(" ", "complément", 10).unwrap(), None);
    }

    #[test]
    fn length_is_counted_in_characters_not_bytes() {
        assert!(required("éééééééééé", "ville", 10).is_ok());
        assert_eq!(
            required("ééééééééééé", "ville", 10),
            Err(DomainError::TooLong {
                field: "ville",
                max: 10
            })
        );
    }

    #[test]
    fn control_characters_and_markup_are_refused() {
        assert!(required("Rue\u{0}de Paris", "rue", 50).is_err());
        assert!(required("<b>Paris</b>", "ville", 50).is_err());
    }
}
