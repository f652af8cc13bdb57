//! The ship date: business days of the workshop in Paris (Monday to Friday, except the public
//! holidays of metropolitan France and the closures the admin adds), the daily cut-off, and the
//! delivery range of a carrier. Pure and integer-only, the same in WASM and natively.

mod date;
mod holidays;
mod paris;

use serde::{Deserialize, Serialize};

pub use date::{Date, Weekday, MAX_YEAR, MIN_YEAR};
pub use holidays::{easter_sunday, is_public_holiday, public_holidays};
pub use paris::{french_date, local as paris_local, parse_rfc3339, FRENCH_MONTHS};

use crate::QuoteError;

/// Longest run of consecutive non-business days the rules can produce, days: bounds every walk
/// through the calendar (closures are validated shorter than this).
const MAX_WALK_DAYS: i64 = 5 * 366;

/// The workshop's calendar in the catalog: the daily cut-off and the admin's closures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct WorkCalendar {
    /// Paris time (`HH:MM`) from which an order counts from the next business day.
    pub cutoff: String,
    /// Closures of the workshop, counted as non-business days.
    pub closures: Vec<Closure>,
}

impl Default for WorkCalendar {
    fn default() -> Self {
        WorkCalendar {
            cutoff: "12:00".into(),
            closures: Vec::new(),
        }
    }
}

/// A closure of the workshop, both days included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Closure {
    /// First closed day, `AAAA-MM-JJ`.
    pub from: String,
    /// Last closed day, `AAAA-MM-JJ`.
    pub to: String,
    /// What it is, French (« Fermeture annuelle »), for the admin.
    #[serde(default)]
    pub label: String,
}

fn invalid(detail: String) -> QuoteError {
    QuoteError::InvalidCatalog { detail }
}

/// The calendar's rules once read: cut-off in minutes after midnight, closures as date ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    cutoff_minute: u32,
    closures: Vec<(Date, Date)>,
}

impl WorkCalendar {
    /// Reads and checks the cut-off and the closures (French message naming the field).
    pub fn rules(&self) -> Result<Rules, QuoteError> {
        let b = self.cutoff.as_bytes();
        let cutoff_minute = match b {
            [h0, h1, b':', m0, m1] => date::digits(&[*h0, *h1])
                .zip(date::digits(&[*m0, *m1]))
                .filter(|(h, m)| *h <= 24 && *m <= 59 && (*h < 24 || *m == 0))
                .map(|(h, m)| h * 60 + m),
            _ => None,
        }
        .ok_or_else(|| {
            invalid(format!(
                "l'heure limite de commande doit s'écrire HH:MM (lu\u{a0}: « {} »).",
                self.cutoff
            ))
        })?;
        let mut closures = Vec::with_capacity(self.closures.len());
        for (i, c) in self.closures.iter().enumerate() {
            let which = format!("fermeture n°\u{a0}{}", i + 1);
            let read = |text: &str| {
                Date::parse(text).ok_or_else(|| {
                    invalid(format!(
                        "{which}\u{a0}: la date « {text} » doit s'écrire AAAA-MM-JJ."
                    ))
                })
            };
            let (from, to) = (read(&c.from)?, read(&c.to)?);
            if to < from {
                return Err(invalid(format!(
                    "{which}\u{a0}: le dernier jour précède le premier."
                )));
            }
            if to.days_since_epoch() - from.days_since_epoch() >= 366 {
                return Err(invalid(format!(
                    "{which}\u{a0}: une fermeture dure au plus un an."
                )));
            }
            closures.push((from, to));
        }
        Ok(Rules {
            cutoff_minute,
            closures,
        })
    }
}

impl Rules {
    /// Whether the workshop works that day.
    pub fn is_business_day(&self, date: Date) -> bool {
        date.weekday().is_weekday()
            && !is_public_holiday(date)
            && !self.closures.iter().any(|(a, b)| (*a..=*b).contains(&date))
    }

    /// The first business day on or after `date`.
    fn on_or_after(&self, date: Date) -> Date {
        let mut d = date;
        // Bounded: weekends and holidays are short and closures last at most a year each; the
        // bound only guards against a pathological list of back-to-back closures.
        while !self.is_business_day(d)
            && d.days_since_epoch() - date.days_since_epoch() < MAX_WALK_DAYS
        {
            d = d.add_days(1);
        }
        d
    }

    /// The business day `n` business days after `date` (itself when `n` is 0 and it is one).
    pub fn add_business_days(&self, date: Date, n: u32) -> Date {
        let mut d = self.on_or_after(date);
        for _ in 0..n {
            d = self.on_or_after(d.add_days(1));
        }
        d
    }

    /// Day 0 of an order placed at this instant (Unix seconds): its Paris date when that is a
    /// business day and the time is before the cut-off, else the next business day.
    pub fn day_zero(&self, unix_secs: i64) -> Result<Date, QuoteError> {
        if !paris::in_range(unix_secs) {
            return Err(QuoteError::InvalidOption {
                detail: format!("l'instant {unix_secs} est hors du calendrier géré."),
            });
        }
        let (date, minute) = paris::local(unix_secs);
        Ok(
            if self.is_business_day(date) && minute < self.cutoff_minute {
                date
            } else {
                self.on_or_after(date.add_days(1))
            },
        )
    }

    /// The ship date of an order placed at this instant with `working_days` of lead time.
    pub fn ship_date(&self, unix_secs: i64, working_days: u32) -> Result<Date, QuoteError> {
        Ok(self.add_business_days(self.day_zero(unix_secs)?, working_days))
    }
}

/// The ship date of an order placed at `unix_secs` (UTC) with `working_days` of lead time: day 0
/// is the Paris date when it is a business day before the cut-off, else the next business day;
/// the ship date is `working_days` business days after day 0.
pub fn ship_date(
    calendar: &WorkCalendar,
    unix_secs: i64,
    working_days: u32,
) -> Result<Date, QuoteError> {
    calendar.rules()?.ship_date(unix_secs, working_days)
}

/// The delivery range of a parcel handed to the carrier on `shipped`: `min_days` to `max_days`
/// carrier business days later (Monday to Friday except French public holidays; the workshop's
/// closures do not stop the carrier).
pub fn delivery_range(shipped: Date, min_days: u32, max_days: u32) -> (Date, Date) {
    let carrier = Rules {
        cutoff_minute: 0,
        closures: Vec::new(),
    };
    let walk = |n: u32| {
        let mut d = shipped;
        for _ in 0..n {
            d = carrier.on_or_after(d.add_days(1));
        }
        d
    };
    (walk(min_days), walk(max_days.max(min_days)))
}

#[cfg(test)]
mod tests;
