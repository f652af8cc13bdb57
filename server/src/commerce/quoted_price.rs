//! The price a quote fixed for a basket line (« Commander ce devis », issue 25 part 3): it holds
//! while the quote is valid and the line keeps the options and the quantity the quote priced;
//! otherwise the line is priced at today's catalog like any other.

use crate::db::account_parts::BasketRow;
use crate::domain::Cents;

/// The quote's line total for `row` at `now` and the quote's number, when it still applies.
pub fn quoted_price(row: &BasketRow, now: i64) -> Option<(Cents, &str)> {
    let number = row.quote_number.as_deref()?;
    let (options, quantite, cents, until) = (
        row.quote_options.as_deref()?,
        row.quote_quantite?,
        row.quote_line_cents?,
        row.quote_valid_until?,
    );
    (now <= until && quantite == row.quantite && same_options(options, &row.options))
        .then_some((Cents(cents), number))
}

/// Whether two options JSON name the same choices (the quantity they may carry aside: the
/// basket's quantity is compared on its own).
fn same_options(a: &str, b: &str) -> bool {
    let read = |s: &str| -> Option<serde_json::Value> {
        let mut v: serde_json::Value = serde_json::from_str(s).ok()?;
        v.as_object_mut()?.remove("quantity");
        Some(v)
    };
    matches!((read(a), read(b)), (Some(x), Some(y)) if x == y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commerce::totals::tests::row;
    use crate::db::pieces::status;

    fn quoted(options: &str, quantite: i64, until: i64) -> BasketRow {
        let mut r = row(7, 3, status::ANALYSED, "sla");
        r.quote_number = Some("DE-2026-000042".to_owned());
        r.quote_options = Some(options.to_owned());
        r.quote_quantite = Some(quantite);
        r.quote_line_cents = Some(4_321);
        r.quote_valid_until = Some(until);
        r
    }

    #[test]
    fn the_quote_price_holds_while_valid_with_the_same_options_and_quantity() {
        let base = row(7, 3, status::ANALYSED, "sla");
        let r = quoted(&base.options, 3, 1_000);
        assert_eq!(
            quoted_price(&r, 1_000),
            Some((Cents(4_321), "DE-2026-000042"))
        );
        // Expired, another quantity, other options, or no quote: today's price.
        assert_eq!(quoted_price(&r, 1_001), None);
        assert_eq!(quoted_price(&quoted(&base.options, 4, 1_000), 0), None);
        let sls = row(7, 3, status::ANALYSED, "sls").options;
        assert_eq!(quoted_price(&quoted(&sls, 3, 1_000), 0), None);
        assert_eq!(quoted_price(&base, 0), None);
    }

    #[test]
    fn options_compare_as_json_whatever_their_order_and_quantity() {
        assert!(same_options(
            r#"{"process":"sla","quantity":1,"material":"x"}"#,
            r#"{"material":"x","quantity":7,"process":"sla"}"#
        ));
        assert!(!same_options(
            r#"{"process":"sla"}"#,
            r#"{"process":"sls"}"#
        ));
        assert!(!same_options("not json", "not json"));
    }
}
