//! Numbers as EN 16931 and the French CTC rules want them: amounts with two decimals, a net unit
//! price with up to six decimals such that quantity × price gives the line total back, VAT rates
//! as `20` or `5.5`, VAT of a category rounded half up once on its basis, dates `YYYYMMDD`.

use crate::domain::paris_time::paris_date;
use crate::domain::Cents;

/// `1234.50`: cents as an amount with two decimals (BR-DEC-*, BR-FR-DEC-01).
pub fn amount(c: Cents) -> String {
    let v = c.get();
    let sign = if v < 0 { "-" } else { "" };
    let abs = v.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// The net unit price of a line: its total divided by the quantity, with as many decimals as
/// needed up to six (BR-FR-DEC-03), rounded half up, so that quantity × price rounds back to the
/// total for any quantity under 10 000 (`DocLine::unit_price_of` rounds to the cent for reading:
/// 3 × 3.33 ≠ 10.00, 3 × 3.333333 rounds to 10.00).
pub fn unit_price(total: Cents, quantity: i64) -> String {
    let q = i128::from(quantity.max(1));
    // Millionths of a euro are ten-thousandths of a cent.
    let scaled = i128::from(total.get()) * 10_000;
    let micro = (scaled + q / 2).div_euclid(q);
    let (euros, frac) = (micro / 1_000_000, micro % 1_000_000);
    let mut frac = format!("{frac:06}");
    while frac.len() > 2 && frac.ends_with('0') {
        frac.pop();
    }
    format!("{euros}.{frac}")
}

/// `20`, `5.5`, `0`: a rate in basis points as a percentage (BR-FR-16, BR-FR-DEC-04).
pub fn rate(bp: i64) -> String {
    let (whole, frac) = (bp / 100, bp % 100);
    if frac == 0 {
        whole.to_string()
    } else if frac % 10 == 0 {
        format!("{whole}.{}", frac / 10)
    } else {
        format!("{whole}.{frac:02}")
    }
}

/// VAT of a category: its basis times the rate, rounded half up once (BR-CO-17). The writer
/// prints the VAT commerce computed this way (`commerce::totals`); the tests hold them equal.
#[cfg(test)]
pub fn vat_of(basis: Cents, bp: i64) -> Cents {
    basis.times_bp(bp)
}

/// `20261122`: the Paris date of Unix seconds, format 102.
pub fn date(unix: i64) -> String {
    let d = paris_date(unix);
    format!("{:04}{:02}{:02}", d.year(), d.month(), d.day())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_have_two_decimals() {
        assert_eq!(amount(Cents(0)), "0.00");
        assert_eq!(amount(Cents(5)), "0.05");
        assert_eq!(amount(Cents(123_450)), "1234.50");
        assert_eq!(amount(Cents(-690)), "-6.90");
    }

    #[test]
    fn a_unit_price_times_its_quantity_gives_the_line_total_back() {
        assert_eq!(unit_price(Cents(1000), 3), "3.333333");
        assert_eq!(unit_price(Cents(2500), 2), "12.50");
        assert_eq!(unit_price(Cents(3749), 3), "12.496667");
        assert_eq!(unit_price(Cents(4000), 1), "40.00");
        for (total, q) in [(1000, 3), (3749, 3), (99_999, 7), (12_345, 9_999), (1, 6)] {
            let price: f64 = unit_price(Cents(total), q).parse().unwrap();
            let back = (price * q as f64 * 100.0).round() as i64;
            assert_eq!(back, total, "{total} / {q}");
        }
    }

    #[test]
    fn rates_are_written_as_the_french_list_spells_them() {
        assert_eq!(rate(2000), "20");
        assert_eq!(rate(550), "5.5");
        assert_eq!(rate(210), "2.1");
        assert_eq!(rate(0), "0");
        assert_eq!(rate(1025), "10.25");
    }

    #[test]
    fn vat_is_rounded_half_up_once_on_the_basis() {
        // 66.90 × 20 % = 13.38; 0.025 → 0.03 (half up), 0.024 → 0.02.
        assert_eq!(vat_of(Cents(6690), 2000), Cents(1338));
        assert_eq!(vat_of(Cents(50), 500), Cents(3));
        assert_eq!(vat_of(Cents(48), 500), Cents(2));
        assert_eq!(vat_of(Cents(6690), 0), Cents(0));
    }

    #[test]
    fn dates_are_written_yyyymmdd_in_paris() {
        // 2026-11-22 23:30 UTC is already the 23rd in Paris.
        assert_eq!(date(1_795_390_200), "20261123");
    }
}
