//! The « économique » lead-time tier as a line's choice: its price factor applied once with the
//! same rounding as express, its days in the line's lead time and ship date, the refusals when the
//! process has no such tier or express is asked too, and the catalog's rules for the tier.

use quote_core::calendar::parse_rfc3339;
use quote_core::pricing::{price_saved, validate_options, withdrawn_choice, LeadTimeMode};
use quote_core::{analyze_file, price, Analysis, Catalog, PriceOptions};
use serde_json::{json, Value};

const DEFAULT: &str = include_str!("../catalog/default.json");

/// The default catalog with an économique tier on SLS: 12 working days at 90 %.
fn catalog_with(edit: impl FnOnce(&mut Value)) -> Result<Catalog, String> {
    let mut v: Value = serde_json::from_str(DEFAULT).unwrap();
    v["processes"][1]["lead_times"] = json!([
        { "mode": "economique", "lead_time_days": 12, "factor_percent": 90 },
    ]);
    edit(&mut v);
    Catalog::from_json(&v.to_string()).map_err(|e| e.message())
}

fn catalog() -> Catalog {
    catalog_with(|_| {}).unwrap()
}

fn cube() -> Analysis {
    analyze_file(
        "cube.stl",
        include_bytes!("../../fixtures/cube.stl"),
        &Catalog::default_catalog().analysis_options(),
    )
    .unwrap()
}

fn sls(quantity: u32, mode: LeadTimeMode) -> PriceOptions {
    PriceOptions {
        quantity,
        ..PriceOptions::for_process("SLS")
    }
    .with_lead_time_mode(mode)
}

#[test]
fn the_economique_line_is_the_unit_price_times_the_tier_factor_rounded_once_half_up() {
    // The cube costs PA12's minimum: 8,03 € rather than 8 € gives lines that are not whole
    // cents at 90 %, so that the rounding shows.
    let c = catalog_with(|v| {
        v["processes"][1]["materials"][0]["minimum_part_price_cents"] = 803.0.into();
    })
    .unwrap();
    let a = cube();
    let mut rounded_up = 0;
    for quantity in 1..=60 {
        let b = price(&a, &sls(quantity, LeadTimeMode::Economique), &c).unwrap();
        assert!(b.economique && !b.express);
        assert_eq!(b.lead_time_mode(), LeadTimeMode::Economique);
        assert_eq!(b.express_factor_percent, 90);
        let exact = u128::from(b.unit_cents)
            * u128::from(quantity)
            * u128::from(100 - b.discount_percent)
            * 90;
        assert_eq!(
            u128::from(b.line_cents),
            (exact + 5_000) / 10_000,
            "{quantity}"
        );
        if exact % 10_000 >= 5_000 {
            rounded_up += 1;
        }
        // The same components and unit price as standard: only the line's factor differs.
        let standard = price(&a, &sls(quantity, LeadTimeMode::Standard), &c).unwrap();
        assert_eq!(standard.unit_cents, b.unit_cents);
        assert!(b.line_cents < standard.line_cents);
    }
    assert!(rounded_up > 0, "no quantity exercised rounding up");
}

#[test]
fn the_economique_line_ships_on_its_tier_s_days_plus_its_post_treatments() {
    let c = catalog_with(|v| v["post_treatments"][0]["lead_time_days"] = 2.into()).unwrap();
    let mut o = sls(3, LeadTimeMode::Economique);
    o.post_treatments = vec![quote_core::pricing::PostTreatmentChoice { index: 0, holes: 0 }];
    let b = price(&cube(), &o, &c).unwrap();
    assert_eq!(b.lead_time_days, 12 + 2);
    // Thursday 24 December 2026 before noon: day 0 is that day; 14 working days later, past the
    // holidays of 25 December and 1 January, is Friday 15 January.
    let secs = parse_rfc3339("2026-12-24T11:30:00+01:00").unwrap();
    let rows = c.line_lead_times(&b, secs).unwrap();
    let modes: Vec<(LeadTimeMode, u32)> = rows.iter().map(|r| (r.mode, r.jours_ouvres)).collect();
    assert_eq!(
        modes,
        [
            (LeadTimeMode::Economique, 14),
            (LeadTimeMode::Standard, 9),
            (LeadTimeMode::Express, 5)
        ]
    );
    assert_eq!(rows[0].expedition, "2027-01-15");
    assert_eq!(rows[0].facteur_pourcent, 90);
    // Priced at standard, the same line gives the same rows.
    let standard = price(&cube(), &o.with_lead_time_mode(LeadTimeMode::Standard), &c).unwrap();
    assert_eq!(c.line_lead_times(&standard, secs).unwrap(), rows);
}

#[test]
fn economique_is_refused_where_the_process_has_none_and_together_with_express() {
    let c = catalog();
    let sla = PriceOptions::for_process("SLA").with_lead_time_mode(LeadTimeMode::Economique);
    assert_eq!(
        validate_options(&c, &sla).unwrap_err().message(),
        "Option de devis invalide\u{a0}: le délai économique n'est pas proposé pour le procédé SLA."
    );
    let both = PriceOptions {
        express: true,
        ..sls(1, LeadTimeMode::Economique)
    };
    assert_eq!(
        validate_options(&c, &both).unwrap_err().message(),
        "Option de devis invalide\u{a0}: choisissez le délai express ou le délai économique, pas les deux."
    );
    assert!(validate_options(&c, &sls(1, LeadTimeMode::Economique)).is_ok());
}

#[test]
fn a_saved_economique_line_whose_tier_the_admin_removed_says_so() {
    let mut c = catalog();
    let o = sls(2, LeadTimeMode::Economique);
    assert!(withdrawn_choice(&c, &o).is_none());
    c.processes[1].lead_times.clear();
    let e = price_saved(&cube(), &o, &c).unwrap_err();
    assert_eq!(e.code(), "option_withdrawn");
    assert_eq!(
        e.message(),
        "Le délai économique n'est plus proposé pour le procédé SLS\u{a0}: choisissez un autre délai."
    );
}

#[test]
fn options_stored_before_the_economique_tier_read_as_not_economique() {
    let o: PriceOptions =
        serde_json::from_str(r#"{"process":"SLS","quantity":2,"express":true}"#).unwrap();
    assert!(!o.economique);
    assert_eq!(o.lead_time_mode(), LeadTimeMode::Express);
    let back: Value = serde_json::to_value(sls(1, LeadTimeMode::Economique)).unwrap();
    assert_eq!(
        (&back["express"], &back["economique"]),
        (&json!(false), &json!(true))
    );
}

#[test]
fn the_catalog_keeps_economique_no_dearer_and_no_faster_than_standard() {
    let dear = catalog_with(|v| v["processes"][1]["lead_times"][0]["factor_percent"] = 110.into());
    assert_eq!(
        dear.unwrap_err(),
        "Catalogue invalide\u{a0}: SLS, délai économique\u{a0}: le facteur doit être au plus 100\u{a0}% (lu\u{a0}: 110\u{a0}%)."
    );
    let fast = catalog_with(|v| v["processes"][1]["lead_times"][0]["lead_time_days"] = 5.into());
    assert_eq!(
        fast.unwrap_err(),
        "Catalogue invalide\u{a0}: SLS, délai économique\u{a0}: au moins le délai standard (7\u{a0}jours ouvrés, lu\u{a0}: 5)."
    );
    // At 100 % and the standard's days, it is accepted (the admin's choice).
    assert!(catalog_with(|v| {
        v["processes"][1]["lead_times"][0] =
            json!({ "mode": "economique", "lead_time_days": 7, "factor_percent": 100 });
    })
    .is_ok());
}
