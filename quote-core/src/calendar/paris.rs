//! Instants: RFC 3339 text to Unix seconds, and Unix seconds to the date and time of day in
//! Europe/Paris, by the EU summer-time rule (UTC+2 from the last Sunday of March, 01:00 UTC, to
//! the last Sunday of October, 01:00 UTC; UTC+1 otherwise), the rule in force in France since 1996.
//! No time-zone database: the same integers in the browser and on the server.

use super::date::{digits, Date, Weekday, MAX_YEAR, MIN_YEAR};

const DAY: i64 = 86_400;

/// The last Sunday of a month of 31 days (March, October).
fn last_sunday(year: i32, month: u32) -> Date {
    // Both months have 31 days; `year` is within the bounds of the instants.
    let last = Date::from_ymd(year, month, 31).expect("March and October have 31 days");
    let back = (last.weekday() as i64 + 1) % 7;
    last.add_days(-back)
}

/// Paris's offset from UTC at this instant, seconds.
pub fn offset_secs(unix_secs: i64) -> i64 {
    if !in_range(unix_secs) {
        // Outside the calendar's years; callers refuse such instants, this only avoids a panic.
        return 3600;
    }
    let year = Date::from_days(unix_secs.div_euclid(DAY)).year();
    let switch = |month| last_sunday(year, month).days_since_epoch() * DAY + 3600;
    if (switch(3)..switch(10)).contains(&unix_secs) {
        7200
    } else {
        3600
    }
}

/// The first and last instants accepted, Unix seconds: from [`MIN_YEAR`] (a day's margin for the
/// offset) to ten years before [`MAX_YEAR`], so that a lead time walked from the last instant
/// (at most a few years of days) stays within the dates the calendar knows.
fn bounds() -> (i64, i64) {
    let first = Date::from_ymd(MIN_YEAR, 1, 2).expect("valid");
    let last = Date::from_ymd(MAX_YEAR - 10, 12, 31).expect("valid");
    (
        first.days_since_epoch() * DAY,
        last.days_since_epoch() * DAY,
    )
}

/// Whether the instant is within the years the calendar handles.
pub fn in_range(unix_secs: i64) -> bool {
    let (first, last) = bounds();
    (first..=last).contains(&unix_secs)
}

/// The Paris date and minute of the day (0–1439) of an instant (meaningful within [`in_range`]).
pub fn local(unix_secs: i64) -> (Date, u32) {
    let t = unix_secs + offset_secs(unix_secs);
    let minute = t.rem_euclid(DAY) / 60;
    (Date::from_days(t.div_euclid(DAY)), minute as u32)
}

/// Reads an RFC 3339 instant: `AAAA-MM-JJTHH:MM[:SS[.fraction]]` then `Z` or `±HH:MM` (a space
/// may replace the `T`); the fraction of a second is dropped. `None` when malformed.
pub fn parse_rfc3339(text: &str) -> Option<i64> {
    let b = text.trim().as_bytes();
    if b.len() < 17 || !matches!(b[10], b'T' | b't' | b' ') || b[13] != b':' {
        return None;
    }
    let date = Date::parse(std::str::from_utf8(&b[..10]).ok()?)?;
    let hour = digits(&b[11..13])?;
    let minute = digits(&b[14..16])?;
    let mut rest = &b[16..];
    let mut second = 0;
    if let [b':', s0, s1, tail @ ..] = rest {
        second = digits(&[*s0, *s1])?;
        rest = tail;
        if let [b'.', tail @ ..] = rest {
            let n = tail.iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                return None;
            }
            rest = &tail[n..];
        }
    }
    let offset = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h0, h1, b':', m0, m1] => {
            let (h, m) = (digits(&[*h0, *h1])?, digits(&[*m0, *m1])?);
            if h > 23 || m > 59 {
                return None;
            }
            let s = i64::from(h * 3600 + m * 60);
            if *sign == b'-' {
                -s
            } else {
                s
            }
        }
        _ => return None,
    };
    // 23:59:60 (a leap second) counts as the next midnight.
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let secs = date.days_since_epoch() * DAY + i64::from(hour * 3600 + minute * 60 + second);
    let t = secs - offset;
    in_range(t).then_some(t)
}

/// The French names of the months, January first (lower case, as inside a sentence).
pub const FRENCH_MONTHS: [&str; 12] = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
];

/// A readable French form of a Paris date: « jeudi 10 décembre 2026 ».
pub fn french_date(date: Date) -> String {
    let (y, m, d) = date.ymd();
    let day = if d == 1 {
        "1er".to_owned()
    } else {
        d.to_string()
    };
    let w: Weekday = date.weekday();
    format!("{} {day} {} {y}", w.french(), FRENCH_MONTHS[m as usize - 1])
}
