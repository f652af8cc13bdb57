//! Wall-clock helpers: every time in the database is UTC Unix seconds.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch, UTC.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Formats Unix seconds as an ISO 8601 UTC timestamp with milliseconds (`2026-11-22T10:00:00.000Z`),
/// the shape NextAuth gives to `expires`.
pub fn iso8601(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.000Z",
        secs / 3600,
        (secs % 3600) / 60,
        secs % 60
    )
}

/// The calendar year (UTC) of Unix seconds.
pub fn year(unix: i64) -> i64 {
    civil_from_days(unix.div_euclid(86_400)).0
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_is_formatted_as_iso_8601() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00.000Z");
    }

    #[test]
    fn a_leap_day_is_formatted_correctly() {
        // 2024-02-29T12:34:56Z
        assert_eq!(iso8601(1_709_210_096), "2024-02-29T12:34:56.000Z");
        assert_eq!(year(1_709_210_096), 2024);
    }
}
