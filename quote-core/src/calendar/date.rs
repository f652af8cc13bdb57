//! Civil dates of the proleptic Gregorian calendar as day numbers (days since 1970-01-01), with
//! their ISO 8601 text form `AAAA-MM-JJ`.
//!
//! The conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`, in integers only,
//! so that the WASM and native builds agree by construction.

use std::fmt;

/// First and last years accepted (a bound, so that no arithmetic can overflow).
pub const MIN_YEAR: i32 = 1900;
/// See [`MIN_YEAR`].
pub const MAX_YEAR: i32 = 9999;

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Days since 1970-01-01 (negative before).
    days: i64,
}

/// Day of the week.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Weekday {
    /// Lundi.
    Monday,
    /// Mardi.
    Tuesday,
    /// Mercredi.
    Wednesday,
    /// Jeudi.
    Thursday,
    /// Vendredi.
    Friday,
    /// Samedi.
    Saturday,
    /// Dimanche.
    Sunday,
}

impl Weekday {
    /// Monday to Friday.
    pub fn is_weekday(self) -> bool {
        self < Weekday::Saturday
    }

    /// French name, lower case (« jeudi »).
    pub fn french(self) -> &'static str {
        [
            "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
        ][self as usize]
    }
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        _ => 31,
    }
}

impl Date {
    /// The date, or `None` when it does not exist or its year is outside
    /// [`MIN_YEAR`]..=[`MAX_YEAR`].
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(MIN_YEAR..=MAX_YEAR).contains(&year)
            || !(1..=12).contains(&month)
            || day == 0
            || day > days_in_month(year, month)
        {
            return None;
        }
        let y = i64::from(year) - i64::from(month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Some(Date {
            days: era * 146_097 + doe - 719_468,
        })
    }

    /// The date `days` days after 1970-01-01.
    pub(crate) fn from_days(days: i64) -> Date {
        Date { days }
    }

    /// Days since 1970-01-01.
    pub fn days_since_epoch(self) -> i64 {
        self.days
    }

    /// (year, month 1–12, day 1–31).
    pub fn ymd(self) -> (i32, u32, u32) {
        let z = self.days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        // The bounds of `from_ymd` and of the instants keep these in range.
        (year as i32, month as u32, day as u32)
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.ymd().0
    }

    /// The day of the week.
    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday (index 3 from Monday).
        const DAYS: [Weekday; 7] = [
            Weekday::Monday,
            Weekday::Tuesday,
            Weekday::Wednesday,
            Weekday::Thursday,
            Weekday::Friday,
            Weekday::Saturday,
            Weekday::Sunday,
        ];
        DAYS[(self.days + 3).rem_euclid(7) as usize]
    }

    /// The date `n` days later (earlier when negative).
    pub fn add_days(self, n: i64) -> Date {
        Date {
            days: self.days + n,
        }
    }

    /// Reads `AAAA-MM-JJ`.
    pub fn parse(text: &str) -> Option<Date> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let year = digits(&b[0..4])?;
        let month = digits(&b[5..7])?;
        let day = digits(&b[8..10])?;
        Date::from_ymd(year as i32, month, day)
    }
}

/// A run of ASCII digits as a number (no sign, no spaces).
pub(crate) fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || b.len() > 9 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

impl fmt::Display for Date {
    /// `AAAA-MM-JJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}
