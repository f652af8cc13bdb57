//! The buyer's own reference for an order (their purchase-order number, « Votre référence de
//! commande (bon de commande) »): optional, trimmed, at most [`MAX_CHARS`] characters, printed on
//! the quote, the invoice and the credit note and carried in the Factur-X XML as the purchase
//! order reference (EN 16931 BT-13). Why 35 and why these characters: docs/decisions.md.

use std::fmt;

/// Longest reference, in characters (not bytes): the `an..35` of the EDIFACT reference that
/// purchase orders are exchanged with, and the limit the French rules set on the invoice number.
pub const MAX_CHARS: usize = 35;

/// A checked order reference: trimmed, 1 to [`MAX_CHARS`] characters, each one the invoice's
/// font prints ([`is_printable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderReference(String);

/// Why a typed reference was refused; `Display` is the French sentence shown under the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderReferenceError {
    /// More than [`MAX_CHARS`] characters once trimmed.
    #[error(
        "La référence de commande ne doit pas dépasser {max}\u{a0}caractères (vous en avez saisi {got})."
    )]
    TooLong {
        /// The limit.
        max: usize,
        /// Characters typed, trimmed.
        got: usize,
    },
    /// A line break, a tab or another control or invisible formatting character.
    #[error(
        "La référence de commande ne peut pas contenir de retour à la ligne, de tabulation ni \
         d’autre caractère de contrôle ou invisible."
    )]
    ControlCharacter,
    /// A character the documents cannot print (outside the Latin alphabets and the usual
    /// punctuation).
    #[error(
        "La référence de commande contient un caractère qui ne peut pas figurer sur la facture \
         («\u{a0}{0}\u{a0}»)\u{a0}: utilisez des lettres latines, des chiffres et la ponctuation \
         courante."
    )]
    Unsupported(char),
}

/// Invisible formatting characters: soft hyphen, zero-width and bidirectional controls, word
/// joiners, the byte order mark, variation selectors, interlinear annotations, tags. A
/// reference holding one would not read as it prints (or would print reordered).
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{ad}'
        | '\u{200b}'..='\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}'
        | '\u{fe00}'..='\u{fe0f}'
        | '\u{feff}'
        | '\u{fff9}'..='\u{fffb}'
        | '\u{e0000}'..='\u{e0fff}')
}

/// Whether `c` may appear in a reference: Basic Latin, Latin-1, Latin Extended-A and -B (every
/// European Latin alphabet), and the typographic dashes, quotes, ellipsis, narrow no-break
/// space, `€` and `№`. The documents' embedded font has a glyph for each (a test in
/// `documents` checks it): a PDF/A-3 may not print a missing glyph, so a character outside
/// this set would make the invoice impossible to issue as a Factur-X.
pub fn is_printable(c: char) -> bool {
    matches!(c,
        ' '..='~'
        | '\u{a0}'..='\u{ac}'
        | '\u{ae}'..='\u{24f}'
        | '\u{2010}'..='\u{2014}'
        | '\u{2018}' | '\u{2019}' | '\u{201c}' | '\u{201d}'
        | '\u{2026}' | '\u{202f}' | '\u{20ac}' | '\u{2116}')
}

impl OrderReference {
    /// Checks what the customer typed: blank is no reference (`None`); otherwise trimmed, then
    /// refused when longer than [`MAX_CHARS`] characters, when it holds a control or invisible
    /// character, or a character the documents cannot print.
    pub fn parse(input: &str) -> Result<Option<OrderReference>, OrderReferenceError> {
        let value = input.trim();
        if value.is_empty() {
            return Ok(None);
        }
        if value.chars().any(|c| c.is_control() || is_invisible(c)) {
            return Err(OrderReferenceError::ControlCharacter);
        }
        if let Some(c) = value.chars().find(|c| !is_printable(*c)) {
            return Err(OrderReferenceError::Unsupported(c));
        }
        let got = value.chars().count();
        if got > MAX_CHARS {
            return Err(OrderReferenceError::TooLong {
                max: MAX_CHARS,
                got,
            });
        }
        Ok(Some(OrderReference(value.to_owned())))
    }

    /// [`OrderReference::parse`] of an optional field (absent is no reference).
    pub fn parse_optional(
        input: Option<&str>,
    ) -> Result<Option<OrderReference>, OrderReferenceError> {
        input.map_or(Ok(None), OrderReference::parse)
    }

    /// The reference as stored and printed.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for OrderReference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(input: &str) -> Option<String> {
        OrderReference::parse(input)
            .unwrap()
            .map(|r| r.as_str().to_owned())
    }

    #[test]
    fn a_reference_is_trimmed_and_blank_is_none() {
        assert_eq!(parsed("  BC-2026/0042 "), Some("BC-2026/0042".to_owned()));
        assert_eq!(parsed(""), None);
        assert_eq!(parsed(" \u{a0} "), None);
        assert_eq!(OrderReference::parse_optional(None), Ok(None));
        assert_eq!(
            OrderReference::parse_optional(Some("PO 7"))
                .unwrap()
                .map(|r| r.to_string()),
            Some("PO 7".to_owned())
        );
    }

    #[test]
    fn thirty_five_characters_pass_and_thirty_six_are_refused_with_the_count() {
        assert!(parsed(&"A".repeat(35)).is_some());
        // Counted in characters, not bytes: 35 accented letters are 70 bytes.
        assert!(parsed(&"é".repeat(35)).is_some());
        // Spaces around do not count.
        assert!(parsed(&format!("  {}  ", "7".repeat(35))).is_some());
        let err = OrderReference::parse(&"A".repeat(36)).unwrap_err();
        assert_eq!(err, OrderReferenceError::TooLong { max: 35, got: 36 });
        assert_eq!(
            err.to_string(),
            "La référence de commande ne doit pas dépasser 35\u{a0}caractères (vous en avez \
             saisi 36)."
        );
    }

    #[test]
    fn control_and_invisible_characters_are_refused() {
        for bad in [
            "BC\n42",
            "BC\t42",
            "BC\r42",
            "BC\u{0}42",
            "BC\u{7f}42",
            "BC\u{85}42",
            "BC\u{200b}42",
            "BC\u{202e}24",
            "BC\u{feff}42",
            "BC\u{ad}42",
        ] {
            assert_eq!(
                OrderReference::parse(bad),
                Err(OrderReferenceError::ControlCharacter),
                "{bad:?}"
            );
        }
        assert!(OrderReferenceError::ControlCharacter
            .to_string()
            .contains("retour à la ligne"));
    }

    #[test]
    fn european_letters_and_usual_punctuation_pass_other_scripts_are_named() {
        for good in [
            "Commande n° 42 – atelier",
            "Bestellung Müller/Straße #7",
            "Zamówienie łódź č. 5",
            "PO: 2026-0042 (lot A+B)",
            "« Réf. » 12,5 € № 3…",
            "l’usine d’Évry",
        ] {
            assert_eq!(parsed(good).as_deref(), Some(good));
        }
        let err = OrderReference::parse("注文 42").unwrap_err();
        assert_eq!(err, OrderReferenceError::Unsupported('注'));
        assert!(err.to_string().contains("«\u{a0}注\u{a0}»"), "{err}");
    }
}
