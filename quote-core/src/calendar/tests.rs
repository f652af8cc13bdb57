//! The calendar against tables written from the official list of public holidays
//! (service-public.fr, « Jours fériés », 2026 to 2030), the cut-off, the clock changes and the
//! admin's closures.

use super::*;

fn d(text: &str) -> Date {
    Date::parse(text).unwrap()
}

fn at(text: &str) -> i64 {
    parse_rfc3339(text).unwrap()
}

fn calendar(cutoff: &str, closures: &[(&str, &str)]) -> Rules {
    WorkCalendar {
        cutoff: cutoff.into(),
        closures: closures
            .iter()
            .map(|(from, to)| Closure {
                from: (*from).into(),
                to: (*to).into(),
                label: String::new(),
            })
            .collect(),
    }
    .rules()
    .unwrap()
}

/// Jour de l'an, lundi de Pâques, 1er mai, 8 mai, Ascension, lundi de Pentecôte, 14 juillet,
/// 15 août, Toussaint, 11 novembre, Noël.
#[rustfmt::skip]
const OFFICIAL: [(i32, [&str; 11]); 5] = [
    (
        2026,
        [
            "2026-01-01", "2026-04-06", "2026-05-01", "2026-05-08", "2026-05-14", "2026-05-25",
            "2026-07-14", "2026-08-15", "2026-11-01", "2026-11-11", "2026-12-25",
        ],
    ),
    (
        2027,
        [
            "2027-01-01", "2027-03-29", "2027-05-01", "2027-05-08", "2027-05-06", "2027-05-17",
            "2027-07-14", "2027-08-15", "2027-11-01", "2027-11-11", "2027-12-25",
        ],
    ),
    (
        2028,
        [
            "2028-01-01", "2028-04-17", "2028-05-01", "2028-05-08", "2028-05-25", "2028-06-05",
            "2028-07-14", "2028-08-15", "2028-11-01", "2028-11-11", "2028-12-25",
        ],
    ),
    (
        2029,
        [
            "2029-01-01", "2029-04-02", "2029-05-01", "2029-05-08", "2029-05-10", "2029-05-21",
            "2029-07-14", "2029-08-15", "2029-11-01", "2029-11-11", "2029-12-25",
        ],
    ),
    (
        2030,
        [
            "2030-01-01", "2030-04-22", "2030-05-01", "2030-05-08", "2030-05-30", "2030-06-10",
            "2030-07-14", "2030-08-15", "2030-11-01", "2030-11-11", "2030-12-25",
        ],
    ),
];

#[test]
fn every_public_holiday_of_2026_to_2030_matches_the_official_list() {
    for (year, dates) in OFFICIAL {
        let computed: Vec<String> = public_holidays(year)
            .iter()
            .map(|(date, _)| date.to_string())
            .collect();
        assert_eq!(computed, dates, "{year}");
        for text in dates {
            assert!(is_public_holiday(d(text)), "{text}");
        }
    }
}

#[test]
fn no_other_day_of_2026_to_2030_is_a_public_holiday() {
    let official: Vec<Date> = OFFICIAL
        .iter()
        .flat_map(|(_, dates)| dates.iter().map(|t| d(t)))
        .collect();
    let mut day = d("2026-01-01");
    while day <= d("2030-12-31") {
        assert_eq!(is_public_holiday(day), official.contains(&day), "{day}");
        day = day.add_days(1);
    }
}

#[test]
fn easter_is_computed_for_years_far_apart() {
    // Known Easter Sundays, including the earliest (22 March) and latest (25 April) possible.
    for (year, easter) in [
        (1961, "1961-04-02"),
        (2000, "2000-04-23"),
        (2008, "2008-03-23"),
        (2011, "2011-04-24"),
        (2038, "2038-04-25"),
        (2285, "2285-03-22"),
        (2100, "2100-03-28"),
    ] {
        assert_eq!(easter_sunday(year).to_string(), easter);
    }
}

#[test]
fn dates_convert_both_ways_and_know_their_weekday() {
    assert_eq!(d("1970-01-01").days_since_epoch(), 0);
    assert_eq!(d("1970-01-01").weekday(), Weekday::Thursday);
    assert_eq!(d("2026-12-24").weekday(), Weekday::Thursday);
    assert_eq!(d("2000-02-29").to_string(), "2000-02-29");
    assert!(Date::parse("2100-02-29").is_none());
    assert!(Date::parse("2026-13-01").is_none());
    assert!(Date::parse("2026-1-01").is_none());
    let mut day = d("1999-12-25");
    for _ in 0..3000 {
        assert_eq!(d(&day.to_string()), day);
        day = day.add_days(1);
    }
}

#[test]
fn instants_are_read_in_rfc_3339_with_their_offset() {
    assert_eq!(at("1970-01-01T00:00:00Z"), 0);
    assert_eq!(at("2026-12-24T11:30:00+01:00"), at("2026-12-24T10:30:00Z"));
    assert_eq!(at("2026-12-24 10:30Z"), at("2026-12-24T10:30:00.999Z"));
    assert_eq!(at("2026-07-01T00:00:00-02:30"), at("2026-07-01T02:30:00Z"));
    for bad in [
        "2026-12-24",
        "2026-12-24T11:30:00",
        "2026-12-24T24:00:00Z",
        "2026-12-24T11:30:00+1:00",
        "2026-12-32T11:30:00Z",
        "demain",
    ] {
        assert!(parse_rfc3339(bad).is_none(), "{bad}");
    }
}

#[test]
fn the_example_of_the_issue_ships_after_christmas_and_new_year() {
    let c = calendar("12:00", &[]);
    let t = at("2026-12-24T11:30:00+01:00");
    assert_eq!(c.day_zero(t).unwrap(), d("2026-12-24"));
    // 25 Dec (holiday), weekend, 28 29 30 31, 1 Jan (holiday), 4 5 6.
    assert_eq!(c.ship_date(t, 7).unwrap(), d("2027-01-06"));
    assert_eq!(c.ship_date(t, 3).unwrap(), d("2026-12-30"));
    assert_eq!(c.ship_date(t, 0).unwrap(), d("2026-12-24"));
}

#[test]
fn the_cut_off_moves_day_zero_to_the_next_business_day() {
    let c = calendar("12:00", &[]);
    // Thursday 10 December 2026 (winter time, UTC+1).
    assert_eq!(
        c.day_zero(at("2026-12-10T11:59:59+01:00")).unwrap(),
        d("2026-12-10")
    );
    assert_eq!(
        c.day_zero(at("2026-12-10T11:59:00+01:00")).unwrap(),
        d("2026-12-10")
    );
    assert_eq!(
        c.day_zero(at("2026-12-10T12:00:00+01:00")).unwrap(),
        d("2026-12-11")
    );
    // Friday after the cut-off: Monday.
    assert_eq!(
        c.day_zero(at("2026-12-11T12:00:00+01:00")).unwrap(),
        d("2026-12-14")
    );
    // Saturday morning: Monday; the day before Christmas after the cut-off: the 28th.
    assert_eq!(
        c.day_zero(at("2026-12-12T09:00:00+01:00")).unwrap(),
        d("2026-12-14")
    );
    assert_eq!(
        c.day_zero(at("2026-12-24T12:00:00+01:00")).unwrap(),
        d("2026-12-28")
    );
    // Summer time: 11:59 and 12:00 in Paris are 09:59 and 10:00 UTC.
    assert_eq!(
        c.day_zero(at("2026-07-15T09:59:00Z")).unwrap(),
        d("2026-07-15")
    );
    assert_eq!(
        c.day_zero(at("2026-07-15T10:00:00Z")).unwrap(),
        d("2026-07-16")
    );
    // Another cut-off, and midnight.
    let late = calendar("16:30", &[]);
    assert_eq!(
        late.day_zero(at("2026-12-10T16:29:00+01:00")).unwrap(),
        d("2026-12-10")
    );
    assert_eq!(
        late.day_zero(at("2026-12-10T16:30:00+01:00")).unwrap(),
        d("2026-12-11")
    );
    assert_eq!(
        c.day_zero(at("2026-12-10T00:00:00+01:00")).unwrap(),
        d("2026-12-10")
    );
}

#[test]
fn paris_time_follows_the_clock_changes_of_the_last_sundays_of_march_and_october() {
    // 2026: summer time from Sunday 29 March 01:00 UTC to Sunday 25 October 01:00 UTC.
    for (utc, paris) in [
        ("2026-03-29T00:59:59Z", (d("2026-03-29"), 60 + 59)),
        ("2026-03-29T01:00:00Z", (d("2026-03-29"), 3 * 60)),
        ("2026-10-25T00:59:59Z", (d("2026-10-25"), 2 * 60 + 59)),
        ("2026-10-25T01:00:00Z", (d("2026-10-25"), 2 * 60)),
        // 2027: 28 March and 31 October; the day's edge moves with the offset.
        ("2027-03-27T22:59:00Z", (d("2027-03-27"), 23 * 60 + 59)),
        ("2027-03-27T23:00:00Z", (d("2027-03-28"), 0)),
        ("2027-03-28T22:00:00Z", (d("2027-03-29"), 0)),
        ("2027-10-30T21:59:00Z", (d("2027-10-30"), 23 * 60 + 59)),
        ("2027-10-31T23:00:00Z", (d("2027-11-01"), 0)),
    ] {
        assert_eq!(paris::local(at(utc)), paris, "{utc}");
    }
    // Around the cut-off on the Mondays after each change (30 March, 26 October 2026).
    let c = calendar("12:00", &[]);
    assert_eq!(
        c.day_zero(at("2026-03-30T09:59:00Z")).unwrap(),
        d("2026-03-30")
    );
    assert_eq!(
        c.day_zero(at("2026-03-30T10:00:00Z")).unwrap(),
        d("2026-03-31")
    );
    assert_eq!(
        c.day_zero(at("2026-03-27T10:59:00Z")).unwrap(),
        d("2026-03-27")
    );
    assert_eq!(
        c.day_zero(at("2026-03-27T11:00:00Z")).unwrap(),
        d("2026-03-30")
    );
    assert_eq!(
        c.day_zero(at("2026-10-23T09:59:00Z")).unwrap(),
        d("2026-10-23")
    );
    assert_eq!(
        c.day_zero(at("2026-10-26T10:59:00Z")).unwrap(),
        d("2026-10-26")
    );
    assert_eq!(
        c.day_zero(at("2026-10-26T11:00:00Z")).unwrap(),
        d("2026-10-27")
    );
}

#[test]
fn admin_closures_are_not_business_days() {
    let c = calendar("12:00", &[("2026-12-24", "2027-01-01")]);
    let t = at("2026-12-24T11:30:00+01:00");
    assert_eq!(c.day_zero(t).unwrap(), d("2027-01-04"));
    assert_eq!(c.ship_date(t, 7).unwrap(), d("2027-01-13"));
    // A closed week in August, counted through.
    let c = calendar("12:00", &[("2026-08-10", "2026-08-14")]);
    // Friday 7 August before the cut-off: day 0 that day, then 17 18 19.
    assert_eq!(
        c.ship_date(at("2026-08-07T08:00:00Z"), 3).unwrap(),
        d("2026-08-19")
    );
    assert!(!c.is_business_day(d("2026-08-10")));
    assert!(c.is_business_day(d("2026-08-17")));
}

#[test]
fn ship_date_reads_the_catalog_calendar() {
    let calendar = WorkCalendar::default();
    assert_eq!(
        ship_date(&calendar, at("2026-12-24T11:30:00+01:00"), 7)
            .unwrap()
            .to_string(),
        "2027-01-06"
    );
    for (cutoff, ok) in [
        ("12:00", true),
        ("00:00", true),
        ("24:00", true),
        ("9:00", false),
        ("12:60", false),
        ("24:01", false),
    ] {
        let c = WorkCalendar {
            cutoff: cutoff.into(),
            closures: Vec::new(),
        };
        assert_eq!(c.rules().is_ok(), ok, "{cutoff}");
    }
    let backwards = WorkCalendar {
        closures: vec![Closure {
            from: "2026-12-31".into(),
            to: "2026-12-24".into(),
            label: String::new(),
        }],
        ..WorkCalendar::default()
    };
    assert!(backwards.rules().is_err());
}

#[test]
fn delivery_ranges_count_carrier_business_days() {
    // Shipped Wednesday 6 January 2027: France 1–2 days, the rest of the world 4–8.
    assert_eq!(
        delivery_range(d("2027-01-06"), 1, 2),
        (d("2027-01-07"), d("2027-01-08"))
    );
    assert_eq!(
        delivery_range(d("2027-01-06"), 4, 8),
        (d("2027-01-12"), d("2027-01-18"))
    );
    // Shipped the day before Christmas 2026: the 28th and the 29th.
    assert_eq!(
        delivery_range(d("2026-12-24"), 1, 2),
        (d("2026-12-28"), d("2026-12-29"))
    );
}

#[test]
fn french_dates_read_as_people_write_them() {
    assert_eq!(french_date(d("2026-12-10")), "jeudi 10 décembre 2026");
    assert_eq!(french_date(d("2027-02-01")), "lundi 1er février 2027");
}

#[test]
fn instants_outside_the_calendar_are_refused_not_panicked_on() {
    let c = calendar("12:00", &[]);
    assert!(c.day_zero(i64::MAX).is_err());
    assert!(c.day_zero(i64::MIN).is_err());
    assert!(parse_rfc3339("9999-12-31T23:59:59Z").is_none());
    let last = at("9989-12-30T22:00:00Z");
    assert!(c.ship_date(last, 250).unwrap() > d("9990-01-01"));
}
