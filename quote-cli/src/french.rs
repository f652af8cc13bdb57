//! French number formatting for the table: `1 234,56 €`, `8 000,00 mm³`.

use quote_core::{fr_int, fr_num};

/// Cents as euros: `123456` → `1 234,56 €` (narrow no-break space for thousands, no-break space
/// before the sign).
pub fn euros(cents: u64) -> String {
    format!("{},{:02}\u{a0}€", fr_int(cents / 100), cents % 100)
}

/// A number with `decimals` digits after the comma and a unit: `1 234,50 mm²`.
pub fn quantity(x: f64, decimals: usize, unit: &str) -> String {
    format!("{}\u{a0}{unit}", fr_num(x, decimals))
}

/// Box dimensions: `20,00 × 20,00 × 20,00 mm`.
pub fn dimensions(size: [f64; 3]) -> String {
    format!(
        "{} × {} × {}\u{a0}mm",
        fr_num(size[0], 2),
        fr_num(size[1], 2),
        fr_num(size[2], 2)
    )
}

/// `oui` or `non`.
pub fn yes_no(b: bool) -> &'static str {
    if b {
        "oui"
    } else {
        "non"
    }
}

/// Width of a string in terminal columns (one per character; our texts hold no wide glyphs).
pub fn width(s: &str) -> usize {
    s.chars().count()
}

/// Pads `s` on the right to `w` columns.
pub fn pad_right(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// Pads `s` on the left to `w` columns (numbers).
pub fn pad_left(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euros_use_french_separators() {
        assert_eq!(euros(123_456), "1\u{202f}234,56\u{a0}€");
        assert_eq!(euros(5), "0,05\u{a0}€");
        assert_eq!(euros(100_000_000), "1\u{202f}000\u{202f}000,00\u{a0}€");
    }

    #[test]
    fn dimensions_read_like_a_drawing() {
        assert_eq!(
            dimensions([20.0, 10.5, 0.25]),
            "20,00 × 10,50 × 0,25\u{a0}mm"
        );
    }

    #[test]
    fn padding_counts_characters_not_bytes() {
        assert_eq!(pad_right("Étanche", 9), "Étanche  ");
        assert_eq!(pad_left("1\u{202f}234", 7), "  1\u{202f}234");
    }
}
