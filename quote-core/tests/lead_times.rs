//! Lead-time tiers of the catalog: a catalog stored before them still loads with the same tiers
//! and prices, a process overrides or adds a tier, post-treatments add days, the ship dates of
//! every tier, and the French refusals of a broken calendar.

use quote_core::calendar::parse_rfc3339;
use quote_core::pricing::{LeadTimeMode, LeadTimeTier, PostTreatmentChoice};
use quote_core::{analyze_file, price, Analysis, Catalog, PriceOptions, QuoteError};
use serde_json::{json, Value};

const DEFAULT: &str = include_str!("../catalog/default.json");

fn default_value() -> Value {
    serde_json::from_str(DEFAULT).unwrap()
}

fn catalog(edit: impl FnOnce(&mut Value)) -> Result<Catalog, QuoteError> {
    let mut v = default_value();
    edit(&mut v);
    Catalog::from_json(&v.to_string())
}

fn cube() -> Analysis {
    let bytes = include_bytes!("../../fixtures/cube.stl");
    analyze_file(
        "cube.stl",
        bytes,
        &Catalog::default_catalog().analysis_options(),
    )
    .unwrap()
}

fn tier(mode: LeadTimeMode, days: u32, factor: u32) -> LeadTimeTier {
    LeadTimeTier {
        mode,
        lead_time_days: days,
        factor_percent: factor,
    }
}

#[test]
fn a_catalog_stored_before_lead_time_tiers_loads_with_the_same_tiers_and_prices() {
    let old = catalog(|v| {
        v.as_object_mut().unwrap().remove("calendar");
        for z in v["shipping"]["zones"].as_array_mut().unwrap() {
            z.as_object_mut().unwrap().remove("transit_days");
        }
    })
    .unwrap();
    let new = Catalog::default_catalog();
    assert_eq!(old.calendar, new.calendar);
    assert_eq!(old.transit_days("france"), new.transit_days("france"));
    assert_eq!(old.transit_days("monde").max_days, 8);
    let sla = new.process("SLA").unwrap();
    assert_eq!(
        new.lead_time_tiers(sla),
        [
            tier(LeadTimeMode::Standard, 7, 100),
            tier(LeadTimeMode::Express, 3, 135)
        ]
    );
    let a = cube();
    for express in [false, true] {
        let o = PriceOptions {
            express,
            ..PriceOptions::for_process("SLA")
        };
        assert_eq!(price(&a, &o, &old).unwrap(), price(&a, &o, &new).unwrap());
    }
    // What the catalog writes back reads the same.
    let again = Catalog::from_json(&serde_json::to_string(&new).unwrap()).unwrap();
    assert_eq!(again, new);
}

#[test]
fn a_process_overrides_a_tier_of_the_catalog_and_adds_economique() {
    let c = catalog(|v| {
        v["processes"][3]["lead_times"] = json!([
            { "mode": "standard", "lead_time_days": 10, "factor_percent": 100 },
            { "mode": "express", "lead_time_days": 6, "factor_percent": 150 },
        ]);
        v["processes"][1]["lead_times"] = json!([
            { "mode": "economique", "lead_time_days": 12, "factor_percent": 90 },
        ]);
    })
    .unwrap();
    let slm = c.process("SLM").unwrap();
    assert_eq!(
        c.lead_time_tiers(slm),
        [
            tier(LeadTimeMode::Standard, 10, 100),
            tier(LeadTimeMode::Express, 6, 150)
        ]
    );
    let sls = c.process("SLS").unwrap();
    assert_eq!(
        c.lead_time_tiers(sls),
        [
            tier(LeadTimeMode::Economique, 12, 90),
            tier(LeadTimeMode::Standard, 7, 100),
            tier(LeadTimeMode::Express, 3, 135)
        ]
    );
    // The price of express follows the process's own factor and days.
    let a = cube();
    let standard = price(&a, &PriceOptions::for_process("SLM"), &c).unwrap();
    let express = price(
        &a,
        &PriceOptions {
            express: true,
            ..PriceOptions::for_process("SLM")
        },
        &c,
    )
    .unwrap();
    assert_eq!(standard.lead_time_days, 10);
    assert_eq!(
        (express.express_factor_percent, express.lead_time_days),
        (150, 6)
    );
    assert_eq!(express.line_cents, (standard.line_cents * 150 + 50) / 100);
}

#[test]
fn post_treatments_add_their_days_to_the_line() {
    let c = catalog(|v| {
        v["post_treatments"][0]["lead_time_days"] = 2.into();
        v["post_treatments"][1]["lead_time_days"] = 1.into();
    })
    .unwrap();
    let options = PriceOptions {
        post_treatments: vec![
            PostTreatmentChoice { index: 0, holes: 0 },
            PostTreatmentChoice { index: 1, holes: 4 },
        ],
        express: true,
        ..PriceOptions::for_process("SLS")
    };
    let b = price(&cube(), &options, &c).unwrap();
    assert_eq!(b.lead_time_days, 3 + 2 + 1);
}

#[test]
fn a_line_gets_every_tier_of_its_process_with_its_post_treatment_days() {
    let c = catalog(|v| {
        v["post_treatments"][0]["lead_time_days"] = 2.into();
        v["processes"][1]["lead_times"] = json!([
            { "mode": "economique", "lead_time_days": 12, "factor_percent": 90 },
        ]);
    })
    .unwrap();
    let with_polish = |express: bool| PriceOptions {
        post_treatments: vec![PostTreatmentChoice { index: 0, holes: 0 }],
        express,
        ..PriceOptions::for_process("SLS")
    };
    // Thursday 24 December 2026, 11:30 in Paris: day 0 that day, then 25 December is a holiday.
    let t = parse_rfc3339("2026-12-24T11:30:00+01:00").unwrap();
    for express in [false, true] {
        let b = price(&cube(), &with_polish(express), &c).unwrap();
        let rows = c.line_lead_times(&b, t).unwrap();
        let brief: Vec<(&str, u32, &str)> = rows
            .iter()
            .map(|r| (r.mode.code(), r.jours_ouvres, r.expedition.as_str()))
            .collect();
        // The same rows whichever tier the line was priced with: 12, 7 and 3 days plus 2.
        assert_eq!(
            brief,
            [
                ("economique", 14, "2027-01-15"),
                ("standard", 9, "2027-01-08"),
                ("express", 5, "2027-01-04"),
            ],
            "express {express}"
        );
        assert!(rows.iter().all(|r| r.process == "SLS"));
    }
    // Without post-treatment, the same dates as the catalog's own rows.
    let plain = price(&cube(), &PriceOptions::for_process("SLA"), &c).unwrap();
    let rows = c.line_lead_times(&plain, t).unwrap();
    let all = c.lead_times(t).unwrap();
    assert_eq!(rows, all[..2]);
}

#[test]
fn every_process_and_tier_gets_its_ship_date_and_delivery_range() {
    let c = catalog(|v| {
        v["processes"][1]["lead_times"] = json!([
            { "mode": "economique", "lead_time_days": 12, "factor_percent": 90 },
        ]);
    })
    .unwrap();
    let t = parse_rfc3339("2026-12-24T11:30:00+01:00").unwrap();
    let rows = c.lead_times(t).unwrap();
    let brief: Vec<(&str, &str, u32, &str)> = rows
        .iter()
        .map(|r| {
            (
                r.process.as_str(),
                r.mode.code(),
                r.jours_ouvres,
                r.expedition.as_str(),
            )
        })
        .collect();
    assert_eq!(
        brief,
        [
            ("SLA", "standard", 7, "2027-01-06"),
            ("SLA", "express", 3, "2026-12-30"),
            ("SLS", "economique", 12, "2027-01-13"),
            ("SLS", "standard", 7, "2027-01-06"),
            ("SLS", "express", 3, "2026-12-30"),
            ("MJF", "standard", 7, "2027-01-06"),
            ("MJF", "express", 3, "2026-12-30"),
            ("SLM", "standard", 7, "2027-01-06"),
            ("SLM", "express", 3, "2026-12-30"),
        ]
    );
    let france = &rows[0].livraison[0];
    assert_eq!(
        (france.zone.as_str(), france.du.as_str(), france.au.as_str()),
        ("france", "2027-01-07", "2027-01-08")
    );
    let json = serde_json::to_value(&rows[1]).unwrap();
    assert_eq!(json["mode"], "express");
    assert_eq!(json["expedition"], "2026-12-30");
}

#[test]
fn the_catalog_closures_and_cut_off_move_the_dates() {
    let c = catalog(|v| {
        v["calendar"] = json!({
            "cutoff": "11:00",
            "closures": [{ "from": "2026-12-24", "to": "2027-01-01", "label": "Fermeture annuelle" }],
        });
    })
    .unwrap();
    let express = |at: &str| c.lead_times(parse_rfc3339(at).unwrap()).unwrap()[1].clone();
    // 23 Dec before 11:00: day 0 that day, then 4, 5 and 6 January after the closure.
    assert_eq!(
        express("2026-12-23T10:59:00+01:00").expedition,
        "2027-01-06"
    );
    // After 11:00: day 0 is the first day after the closure, 4 January 2027.
    assert_eq!(
        express("2026-12-23T11:00:00+01:00").expedition,
        "2027-01-07"
    );
}

#[test]
fn a_broken_calendar_or_tier_is_refused_in_french() {
    let refused = |edit: fn(&mut Value)| match catalog(edit) {
        Err(e @ QuoteError::InvalidCatalog { .. }) => e.to_string(),
        other => panic!("expected InvalidCatalog, got {other:?}"),
    };
    assert!(refused(|v| v["calendar"]["cutoff"] = "midi".into()).contains("HH:MM"));
    assert!(refused(
        |v| v["calendar"]["closures"] = json!([{ "from": "2026-12-31", "to": "2026-12-24" }])
    )
    .contains("fermeture n°\u{a0}1"));
    assert!(refused(|v| v["processes"][0]["lead_times"] = json!([
        { "mode": "express", "lead_time_days": 2, "factor_percent": 90 },
    ]))
    .contains("facteur express"));
    assert!(refused(|v| v["processes"][0]["lead_times"] = json!([
        { "mode": "economique", "lead_time_days": 12, "factor_percent": 90 },
        { "mode": "economique", "lead_time_days": 14, "factor_percent": 80 },
    ]))
    .contains("en double"));
    assert!(refused(
        |v| v["shipping"]["zones"][0]["transit_days"] = json!({ "min_days": 3, "max_days": 1 })
    )
    .contains("zone france"));
    assert!(refused(|v| v["lead_time_days"] = 400.into()).contains("délai standard"));
}
