//! The ship dates the server shows and stores, computed with quote-core's calendar from the
//! catalog and the server's clock (`AppState::dates_now`), as it recomputes the prices: every
//! tier of a quoted line (`POST /api/devis/calcul-prix`), a basket line, the basket and an order
//! (its slowest line, fixed when the order is paid).

use quote_core::calendar::{delivery_range, Date};
use quote_core::pricing::{DeliveryRange, LeadTimeRow};
use quote_core::{Catalog, PriceBreakdown};
use serde::Serialize;

use super::error::CommerceError;
use super::totals::Totals;

/// The ship date of a basket or an order: that of its slowest line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShipDate {
    /// Working days of the slowest line (its tier and its post-treatments).
    pub jours_ouvres: u32,
    /// Ship date, `AAAA-MM-JJ`.
    pub expedition: String,
    /// Delivery range to the delivery zone, when the zone is known.
    #[cfg_attr(feature = "ts", ts(type = "DeliveryRange | null"))]
    pub livraison: Option<DeliveryRange>,
}

/// What fixes an order's ship date when it is paid: the catalog (its calendar) and the instant
/// the dates count from (`AppState::dates_now`).
#[derive(Debug, Clone, Copy)]
pub struct ShipClock<'a> {
    /// The current catalog.
    pub catalog: &'a Catalog,
    /// Unix seconds.
    pub now: i64,
}

fn calendar_error(e: quote_core::QuoteError) -> CommerceError {
    CommerceError::internal(format!("ship date: {}", e.message()))
}

/// Every lead-time tier of a priced line's process with its ship date and the delivery range of
/// each zone, for an order placed at `now` (the rows of `calcul-prix`'s `delais`).
pub fn line_dates(
    catalog: &Catalog,
    line: &PriceBreakdown,
    now: i64,
) -> Result<Vec<LeadTimeRow>, CommerceError> {
    catalog.line_lead_times(line, now).map_err(calendar_error)
}

/// The ship date of an order placed (or paid) at `now` with `working_days` of lead time.
pub fn ship_date(catalog: &Catalog, now: i64, working_days: u32) -> Result<Date, CommerceError> {
    quote_core::calendar::ship_date(&catalog.calendar, now, working_days).map_err(calendar_error)
}

/// The delivery range to `zone` of a parcel shipped on `shipped`.
pub fn delivery(catalog: &Catalog, shipped: Date, zone: &str) -> DeliveryRange {
    let t = catalog.transit_days(zone);
    let (du, au) = delivery_range(shipped, t.min_days, t.max_days);
    DeliveryRange {
        zone: zone.to_owned(),
        du: du.to_string(),
        au: au.to_string(),
    }
}

/// The ship date of lines of these working days (the slowest decides) for an order placed at
/// `now`, with the delivery range to `zone` when known; `None` without any priced line.
pub fn slowest(
    catalog: &Catalog,
    working_days: impl IntoIterator<Item = u32>,
    now: i64,
    zone: Option<&str>,
) -> Result<Option<ShipDate>, CommerceError> {
    let Some(days) = working_days.into_iter().max() else {
        return Ok(None);
    };
    let shipped = ship_date(catalog, now, days)?;
    Ok(Some(ShipDate {
        jours_ouvres: days,
        expedition: shipped.to_string(),
        livraison: zone.map(|z| delivery(catalog, shipped, z)),
    }))
}

/// The ship date of priced basket lines `t` for an order paid at `now` (the slowest line), with
/// the delivery range to the zone its shipping was priced for: what the basket, the checkout's
/// summary and the quote PDF give.
pub fn of_basket(
    t: &Totals,
    catalog: &Catalog,
    now: i64,
) -> Result<Option<ShipDate>, CommerceError> {
    let days = t
        .lines
        .iter()
        .filter_map(|l| l.breakdown.as_ref().map(|b| b.lead_time_days));
    slowest(catalog, days, now, Some(t.zone))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote_core::calendar::parse_rfc3339;

    #[test]
    fn the_slowest_line_decides_and_the_zone_gives_the_range() {
        let c = Catalog::default_catalog();
        // Friday 11 December 2026, 12:00 in Paris: the cut-off is passed, day 0 is Monday 14.
        let now = parse_rfc3339("2026-12-11T12:00:00+01:00").unwrap();
        let d = slowest(&c, [3, 7, 5], now, Some("france"))
            .unwrap()
            .unwrap();
        assert_eq!(d.jours_ouvres, 7);
        assert_eq!(d.expedition, "2026-12-23");
        let range = d.livraison.unwrap();
        assert_eq!(
            (range.du.as_str(), range.au.as_str()),
            ("2026-12-24", "2026-12-28")
        );
        // A minute earlier, day 0 is that Friday.
        let before = parse_rfc3339("2026-12-11T11:59:00+01:00").unwrap();
        let d = slowest(&c, [7], before, None).unwrap().unwrap();
        assert_eq!(d.expedition, "2026-12-22");
        assert_eq!(d.livraison, None);
        assert_eq!(slowest(&c, [], now, None).unwrap(), None);
    }
}
