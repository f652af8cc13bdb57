//! Dates people read: the database holds UTC Unix seconds, invoices and e-mails print the date of
//! Europe/Paris (its calendar year numbers invoices), through jiff's bundled time-zone database.

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::Timestamp;
use quote_core::calendar::FRENCH_MONTHS;

/// The time zone of the company.
fn paris() -> TimeZone {
    // The tz database is bundled in the binary (jiff's `tzdb-bundle-always`): never missing.
    TimeZone::get("Europe/Paris").expect("Europe/Paris is in jiff's bundled tz database")
}

/// The Paris calendar date of Unix seconds.
pub fn paris_date(unix: i64) -> Date {
    let ts = Timestamp::from_second(unix).unwrap_or(Timestamp::UNIX_EPOCH);
    ts.to_zoned(paris()).date()
}

/// The Paris calendar year of Unix seconds (the year of an invoice number).
pub fn paris_year(unix: i64) -> i64 {
    i64::from(paris_date(unix).year())
}

/// `22/11/2026`: the short French date of Unix seconds, in Paris.
pub fn fr_date(unix: i64) -> String {
    let d = paris_date(unix);
    format!("{:02}/{:02}/{:04}", d.day(), d.month(), d.year())
}

/// `22/11/2026 à 14:05`: French date and time of Unix seconds, in Paris.
pub fn fr_date_time(unix: i64) -> String {
    let ts = Timestamp::from_second(unix).unwrap_or(Timestamp::UNIX_EPOCH);
    let z = ts.to_zoned(paris());
    format!(
        "{:02}/{:02}/{:04} à {:02}:{:02}",
        z.day(),
        z.month(),
        z.year(),
        z.hour(),
        z.minute()
    )
}

/// `22 novembre 2026`: the long French date of Unix seconds, in Paris.
pub fn fr_date_long(unix: i64) -> String {
    let d = paris_date(unix);
    let day = if d.day() == 1 {
        "1er".to_owned()
    } else {
        d.day().to_string()
    };
    format!(
        "{day} {} {}",
        FRENCH_MONTHS[(d.month() - 1) as usize],
        d.year()
    )
}

/// `mars 2026`: the French month and year of a date.
pub fn fr_month_year(date: Date) -> String {
    format!(
        "{} {}",
        FRENCH_MONTHS[(date.month() - 1) as usize],
        date.year()
    )
}

/// Unix seconds of the first instant of the Paris calendar day `date` (00:00 in Paris).
pub fn paris_day_start(date: Date) -> i64 {
    date.to_zoned(paris())
        .map(|z| z.timestamp().as_second())
        .unwrap_or(0)
}

/// Unix seconds of the last second of the Paris calendar day `date` (23:59:59 in Paris).
pub fn paris_day_end(date: Date) -> i64 {
    match date.tomorrow() {
        Ok(next) => paris_day_start(next) - 1,
        Err(_) => i64::MAX,
    }
}

/// Unix seconds of the last second of the Paris calendar day `days` days after the Paris day of
/// `unix` (the last day of a quote's validity: a quote of 10 March valid 30 days runs to the end
/// of 9 April in Paris, whatever the summer-time change in between).
pub fn paris_day_end_after(unix: i64, days: i64) -> i64 {
    let date = paris_date(unix);
    match jiff::Span::new()
        .try_days(days)
        .and_then(|span| date.checked_add(span))
    {
        Ok(last) => paris_day_end(last),
        Err(_) => i64::MAX,
    }
}

/// The Paris calendar month of `unix`: Unix seconds of its first instant, of the first instant
/// of the next month, and its French name (`novembre 2026`).
pub fn paris_month(unix: i64) -> (i64, i64, String) {
    let d = paris_date(unix);
    let first = d.first_of_month();
    let next = paris_day_end(d.last_of_month()) + 1;
    let name = format!("{} {}", FRENCH_MONTHS[(d.month() - 1) as usize], d.year());
    (paris_day_start(first), next, name)
}

/// Unix seconds `days` days of 86 400 s after `unix` (due dates).
pub fn plus_days(unix: i64, days: i64) -> i64 {
    unix + days * 86_400
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-12-31T23:30:00Z is already 2027-01-01 00:30 in Paris (UTC+1 in winter).
    const NEW_YEAR_IN_PARIS: i64 = 1_798_759_800;

    #[test]
    fn the_year_of_an_invoice_is_the_paris_year() {
        assert_eq!(crate::clock::year(NEW_YEAR_IN_PARIS), 2026);
        assert_eq!(paris_year(NEW_YEAR_IN_PARIS), 2027);
        assert_eq!(fr_date(NEW_YEAR_IN_PARIS), "01/01/2027");
        assert_eq!(fr_date_long(NEW_YEAR_IN_PARIS), "1er janvier 2027");
    }

    #[test]
    fn a_validity_ends_with_the_paris_day_across_the_summer_time_change() {
        // 2026-03-10T22:30:00Z is 23:30 in Paris on 10 March; summer time starts on 29 March.
        let issued = 1_773_181_800;
        assert_eq!(fr_date_time(issued), "10/03/2026 à 23:30");
        let end = paris_day_end_after(issued, 30);
        assert_eq!(fr_date(end), "09/04/2026");
        assert_eq!(fr_date_time(end), "09/04/2026 à 23:59");
        assert_eq!(fr_date(end + 1), "10/04/2026");
        // 30 days of 86 400 s would have ended on 10 April in Paris.
        assert_eq!(fr_date(issued + 30 * 86_400), "10/04/2026");
    }

    #[test]
    fn a_month_runs_from_midnight_to_midnight_in_paris() {
        // The last half hour of 2026 in UTC is January 2027 in Paris.
        let (from, to, name) = paris_month(NEW_YEAR_IN_PARIS);
        assert_eq!(name, "janvier 2027");
        assert_eq!(from, 1_798_758_000); // 2026-12-31T23:00:00Z
        assert_eq!(to, 1_801_436_400); // 2027-01-31T23:00:00Z
                                       // March 2026 has 31 days less the hour of the summer-time change.
        let (from, to, name) = paris_month(1_773_181_800);
        assert_eq!(name, "mars 2026");
        assert_eq!(to - from, 31 * 86_400 - 3_600);
    }

    #[test]
    fn summer_time_is_two_hours_ahead() {
        // 2026-07-14T10:00:00Z is 12:00 in Paris.
        assert_eq!(fr_date_time(1_784_023_200), "14/07/2026 à 12:00");
        assert_eq!(fr_date_long(1_784_023_200), "14 juillet 2026");
    }
}
