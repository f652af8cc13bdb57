//! Money: integer euro cents from the database to the PDF, printed the French way
//! (`1 234,56 €`, as `Intl.NumberFormat('fr-FR', {style: 'currency', currency: 'EUR'})` prints it).

use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};

/// Thousands separator of fr-FR (narrow no-break space, U+202F).
const GROUP: char = '\u{202f}';
/// Space before the currency sign (no-break space, U+00A0).
const NBSP: char = '\u{a0}';

/// An amount in euro cents (negative for a refund or a discount). Serialised as a bare integer.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cents(pub i64);

impl Cents {
    /// Nothing.
    pub const ZERO: Cents = Cents(0);

    /// The amount in cents.
    pub fn get(self) -> i64 {
        self.0
    }

    /// `bp` basis points of this amount (2000 = 20 %), rounded half away from zero: the one
    /// rounding step of a percentage (VAT of a line, a percent discount).
    pub fn times_bp(self, bp: i64) -> Cents {
        let product = i128::from(self.0) * i128::from(bp);
        let half = 5_000i128;
        let rounded = if product >= 0 {
            (product + half) / 10_000
        } else {
            (product - half) / 10_000
        };
        Cents(rounded as i64)
    }

    /// The smaller of two amounts.
    pub fn min(self, other: Cents) -> Cents {
        Cents(self.0.min(other.0))
    }

    /// Never below zero.
    pub fn at_least_zero(self) -> Cents {
        Cents(self.0.max(0))
    }

    /// French text: `1 234,56 €` (U+202F between thousands, U+00A0 before the sign).
    pub fn fr(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let (euros, cents) = (abs / 100, abs % 100);
        let digits = euros.to_string();
        let mut grouped = String::with_capacity(digits.len() + digits.len() / 3 * 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                grouped.push(GROUP);
            }
            grouped.push(c);
        }
        format!("{sign}{grouped},{cents:02}{NBSP}€")
    }
}

impl std::fmt::Display for Cents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fr())
    }
}

impl Add for Cents {
    type Output = Cents;
    fn add(self, rhs: Cents) -> Cents {
        Cents(self.0 + rhs.0)
    }
}

impl Sub for Cents {
    type Output = Cents;
    fn sub(self, rhs: Cents) -> Cents {
        Cents(self.0 - rhs.0)
    }
}

impl Neg for Cents {
    type Output = Cents;
    fn neg(self) -> Cents {
        Cents(-self.0)
    }
}

impl Mul<i64> for Cents {
    type Output = Cents;
    fn mul(self, rhs: i64) -> Cents {
        Cents(self.0 * rhs)
    }
}

impl AddAssign for Cents {
    fn add_assign(&mut self, rhs: Cents) {
        self.0 += rhs.0;
    }
}

impl SubAssign for Cents {
    fn sub_assign(&mut self, rhs: Cents) {
        self.0 -= rhs.0;
    }
}

impl Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        Cents(iter.map(|c| c.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_print_as_intl_fr_fr_prints_them() {
        assert_eq!(Cents(123_456).fr(), "1\u{202f}234,56\u{a0}€");
        assert_eq!(Cents(5).fr(), "0,05\u{a0}€");
        assert_eq!(Cents(100_000_000).fr(), "1\u{202f}000\u{202f}000,00\u{a0}€");
        assert_eq!(Cents(-4_000).fr(), "-40,00\u{a0}€");
        assert_eq!(Cents(99_999).fr(), "999,99\u{a0}€");
    }

    #[test]
    fn a_percentage_rounds_once_half_away_from_zero() {
        assert_eq!(Cents(1_000).times_bp(2_000), Cents(200));
        assert_eq!(Cents(1_234).times_bp(2_000), Cents(247)); // 246.8
        assert_eq!(Cents(25).times_bp(2_000), Cents(5));
        assert_eq!(Cents(1_025).times_bp(1_000), Cents(103)); // 102.5 rounds up
        assert_eq!(Cents(-1_025).times_bp(1_000), Cents(-103));
        assert_eq!(Cents(i64::MAX / 2).times_bp(10_000), Cents(i64::MAX / 2));
    }

    #[test]
    fn cents_serialise_as_a_bare_integer() {
        assert_eq!(serde_json::to_string(&Cents(4_200)).unwrap(), "4200");
        assert_eq!(serde_json::from_str::<Cents>("-7").unwrap(), Cents(-7));
    }
}
