//! The `page` and `par_page` of the admin lists, read from the query string as text so that a
//! wrong value gets a French 400 rather than the framework's English refusal.

use crate::error::ApiError;

/// Rows a page when `par_page` is absent.
pub const DEFAULT_PER_PAGE: i64 = 20;
/// Largest `par_page`.
pub const MAX_PER_PAGE: i64 = 100;

/// A page of a list: number from 1 and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// Page number, from 1.
    pub page: i64,
    /// Rows a page, 1 to [`MAX_PER_PAGE`].
    pub per_page: i64,
}

impl Paging {
    /// Reads `page` (default 1) and `par_page` (default [`DEFAULT_PER_PAGE`]); a value that is
    /// not a whole number in range is refused in French.
    pub fn parse(page: Option<&str>, per_page: Option<&str>) -> Result<Paging, ApiError> {
        let number = |v: Option<&str>| -> Result<Option<i64>, ()> {
            match v.map(str::trim).filter(|s| !s.is_empty()) {
                None => Ok(None),
                Some(s) => s.parse::<i64>().map(Some).map_err(|_| ()),
            }
        };
        let mut errors = Vec::new();
        let page = match number(page) {
            Ok(p) if p.is_none_or(|p| p >= 1) => p.unwrap_or(1),
            _ => {
                errors.push("Numéro de page invalide\u{a0}: un entier d'au moins 1.".to_owned());
                1
            }
        };
        let per_page = match number(per_page) {
            Ok(n) if n.is_none_or(|n| (1..=MAX_PER_PAGE).contains(&n)) => {
                n.unwrap_or(DEFAULT_PER_PAGE)
            }
            _ => {
                errors.push(format!(
                    "Nombre de lignes par page invalide\u{a0}: un entier de 1 à {MAX_PER_PAGE}."
                ));
                DEFAULT_PER_PAGE
            }
        };
        if errors.is_empty() {
            Ok(Paging { page, per_page })
        } else {
            Err(ApiError::Validation(errors))
        }
    }

    /// Rows skipped before this page.
    pub fn offset(self) -> i64 {
        (self.page - 1).saturating_mul(self.per_page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_values_give_the_first_page_of_twenty() {
        assert_eq!(
            Paging::parse(None, Some(" ")).unwrap(),
            Paging {
                page: 1,
                per_page: 20
            }
        );
        let p = Paging::parse(Some("3"), Some("50")).unwrap();
        assert_eq!((p.page, p.per_page, p.offset()), (3, 50, 100));
    }

    #[test]
    fn wrong_values_are_refused_in_french() {
        for (page, per_page, expected) in [
            (Some("0"), None, "Numéro de page invalide"),
            (Some("deux"), None, "Numéro de page invalide"),
            (None, Some("101"), "Nombre de lignes par page invalide"),
            (None, Some("-1"), "Nombre de lignes par page invalide"),
        ] {
            match Paging::parse(page, per_page) {
                Err(ApiError::Validation(errors)) => {
                    assert!(errors[0].starts_with(expected), "{errors:?}")
                }
                other => panic!("{page:?} {per_page:?}: {other:?}"),
            }
        }
    }
}
