//! The Luhn checksum used by French SIREN and SIRET numbers.

/// True when `digits` (ASCII digits only) passes the Luhn check.
pub(crate) fn is_valid(digits: &str) -> bool {
    let mut sum = 0u32;
    for (i, b) in digits.bytes().rev().enumerate() {
        if !b.is_ascii_digit() {
            return false;
        }
        let mut d = u32::from(b - b'0');
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    !digits.is_empty() && sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_sirens_pass_and_altered_ones_fail() {
        assert!(is_valid("732829320"));
        assert!(is_valid("303265045"));
        assert!(!is_valid("732829321"));
        assert!(!is_valid("123456789"));
    }

    #[test]
    fn empty_or_non_digit_input_fails() {
        assert!(!is_valid(""));
        assert!(!is_valid("73282932a"));
    }
}
