//! `quote --date`: the ship date of every process and lead-time tier, in the JSON line and in the
//! French table, and the refusal of an unreadable date.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn cube() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    dir.join("cube.stl").to_string_lossy().into_owned()
}

fn quote(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quote"))
        .args(args)
        .output()
        .expect("the quote binary runs")
}

fn json_line(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON line")
}

#[test]
fn date_gives_the_ship_date_of_every_process_and_tier() {
    let line = json_line(&quote(&[
        "--json",
        "--date",
        "2026-12-24T11:30:00+01:00",
        &cube(),
    ]));
    let rows: Vec<(String, String, u64, String)> = line["delais"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["process"].as_str().unwrap().to_owned(),
                r["mode"].as_str().unwrap().to_owned(),
                r["jours_ouvres"].as_u64().unwrap(),
                r["expedition"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut expected = Vec::new();
    for process in ["SLA", "SLS", "MJF", "SLM"] {
        // Thursday 24 December before noon is day 0; 25 December and 1 January are holidays.
        expected.push((process.into(), "standard".into(), 7, "2027-01-06".into()));
        expected.push((process.into(), "express".into(), 3, "2026-12-30".into()));
    }
    assert_eq!(rows, expected);
    let france = &line["delais"][0]["livraison"][0];
    assert_eq!(
        (&france["zone"], &france["du"], &france["au"]),
        (
            &Value::from("france"),
            &Value::from("2027-01-07"),
            &Value::from("2027-01-08")
        )
    );
}

#[test]
fn the_cut_off_at_noon_paris_time_moves_the_date() {
    let express = |date: &str| {
        let line = json_line(&quote(&["--json", "--date", date, &cube()]));
        line["delais"][1]["expedition"].as_str().unwrap().to_owned()
    };
    // Thursday 10 December 2026: 11:59 counts that day, 12:00 the Friday.
    assert_eq!(express("2026-12-10T11:59:00+01:00"), "2026-12-15");
    assert_eq!(express("2026-12-10T10:59:00Z"), "2026-12-15");
    assert_eq!(express("2026-12-10T12:00:00+01:00"), "2026-12-16");
}

#[test]
fn without_date_the_ship_dates_are_for_now() {
    let line = json_line(&quote(&["--json", &cube()]));
    let first = line["delais"][0]["expedition"].as_str().unwrap();
    assert_eq!(first.len(), 10);
    assert!(first.as_bytes()[4] == b'-' && first.as_bytes()[7] == b'-');
}

#[test]
fn the_table_lists_the_ship_dates_in_french() {
    let out = quote(&["--date", "2026-12-24T11:30:00+01:00", &cube()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Commande du jeudi 24 décembre 2026 à 11:30 (heure de Paris)"),
        "{text}"
    );
    let line = text
        .lines()
        .find(|l| l.contains("Express") && l.trim_start().starts_with("SLA"))
        .unwrap_or_else(|| panic!("no SLA express row in\n{text}"));
    assert!(line.contains("mercredi 30 décembre 2026"), "{line}");
    assert!(line.ends_with("31/12/2026 – 04/01/2027"), "{line}");
}

#[test]
fn an_unreadable_date_is_refused_before_reading_files() {
    let out = quote(&["--json", "--date", "24/12/2026", &cube()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("date « 24/12/2026 » illisible"), "{err}");
}

#[test]
fn delai_economique_prices_the_process_s_economique_tier_or_is_refused_without_one() {
    // The default catalog with an économique tier on SLS: 12 working days at 90 %.
    let mut catalog: Value =
        serde_json::from_str(include_str!("../../quote-core/catalog/default.json")).unwrap();
    catalog["processes"][1]["lead_times"] =
        serde_json::json!([{ "mode": "economique", "lead_time_days": 12, "factor_percent": 90 }]);
    let path = std::env::temp_dir().join(format!("eco-catalog-{}.json", std::process::id()));
    std::fs::write(&path, catalog.to_string()).unwrap();
    let path = path.to_string_lossy().into_owned();
    let priced = |process: &str| {
        quote(&[
            "--json",
            "--catalog",
            &path,
            "--process",
            process,
            "--quantity",
            "7",
            "--delai",
            "economique",
            &cube(),
        ])
    };
    let price = json_line(&priced("SLS"))["price"].clone();
    assert_eq!(
        (price["economique"].as_bool(), price["express"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(
        (
            price["express_factor_percent"].as_u64(),
            price["lead_time_days"].as_u64()
        ),
        (Some(90), Some(12))
    );
    let unit = price["unit_cents"].as_u64().unwrap();
    let discount = price["discount_percent"].as_u64().unwrap();
    assert_eq!(
        price["line_cents"].as_u64(),
        Some((unit * 7 * (100 - discount) * 90 + 5_000) / 10_000)
    );
    let refused = priced("SLA");
    std::fs::remove_file(&path).ok();
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8(refused.stderr).unwrap();
    assert!(
        err.contains("le délai économique n'est pas proposé pour le procédé SLA"),
        "{err}"
    );
}
