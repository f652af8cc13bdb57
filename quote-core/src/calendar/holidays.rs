//! The eleven public holidays of metropolitan France (Code du travail, article L3133-1), with
//! Easter computed for any Gregorian year (the anonymous Gregorian algorithm of Meeus, Jones and
//! Butcher), so that no year is written down anywhere.

use super::date::Date;

/// Easter Sunday of a year within the calendar's bounds.
pub fn easter_sunday(year: i32) -> Date {
    let y = year;
    let a = y % 19;
    let b = y / 100;
    let c = y % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    // The algorithm yields a day of March or April.
    Date::from_ymd(y, month as u32, day as u32).expect("Easter is a valid date")
}

/// The public holidays of a year, in the order of the law (Ascension may come before 8 May), each
/// with its French name.
pub fn public_holidays(year: i32) -> [(Date, &'static str); 11] {
    let fixed = |m, d| Date::from_ymd(year, m, d).expect("a fixed holiday exists every year");
    let easter = easter_sunday(year);
    [
        (fixed(1, 1), "Jour de l'an"),
        (easter.add_days(1), "Lundi de Pâques"),
        (fixed(5, 1), "Fête du Travail"),
        (fixed(5, 8), "Victoire 1945"),
        (easter.add_days(39), "Ascension"),
        (easter.add_days(50), "Lundi de Pentecôte"),
        (fixed(7, 14), "Fête nationale"),
        (fixed(8, 15), "Assomption"),
        (fixed(11, 1), "Toussaint"),
        (fixed(11, 11), "Armistice 1918"),
        (fixed(12, 25), "Noël"),
    ]
}

/// Whether the date is a public holiday of metropolitan France.
pub fn is_public_holiday(date: Date) -> bool {
    public_holidays(date.year()).iter().any(|(d, _)| *d == date)
}
