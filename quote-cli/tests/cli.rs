//! Runs the built `quote` binary on the project's fixtures: JSON lines, French table, errors and
//! exit status.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn fixture(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    dir.join(name).to_string_lossy().into_owned()
}

fn quote(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quote"))
        .args(args)
        .output()
        .expect("the quote binary runs")
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect()
}

#[test]
fn json_mode_prints_one_line_per_file_with_the_required_fields() {
    let out = quote(&["--json", &fixture("cube.stl"), &fixture("torus.obj")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    let cube = &lines[0];
    assert!(cube["file"].as_str().unwrap().ends_with("cube.stl"));
    assert_eq!(cube["format"], "stl");
    assert_eq!(cube["triangles"], 12);
    assert_eq!(cube["volume_mm3"], 8000.0);
    assert_eq!(cube["area_mm2"], 2400.0);
    assert_eq!(cube["bbox_min"], serde_json::json!([0.0, 0.0, 0.0]));
    assert_eq!(cube["bbox_max"], serde_json::json!([20.0, 20.0, 20.0]));
    assert_eq!(
        (cube["shells"].as_u64(), cube["watertight"].as_bool()),
        (Some(1), Some(true))
    );
    assert!(cube["unit_suggestion"].is_null());
    assert_eq!(cube["degenerate"], 0);
    assert!(
        cube.get("price").is_none(),
        "no detailed price unless asked"
    );
    // 20 mm cube, standard resin: 65 × 8 + 10 × 20 + 500 = 1 220 cents.
    assert_eq!(cube["prices"]["SLA"], 1220);
    assert_eq!(lines[1]["format"], "obj");
}

#[test]
fn prices_are_listed_in_catalog_order() {
    let out = quote(&["--json", &fixture("sphere.stl")]);
    let text = String::from_utf8(out.stdout).unwrap();
    let at = |code: &str| text.find(&format!("\"{code}\":")).unwrap();
    assert!(at("SLA") < at("SLS") && at("SLS") < at("MJF") && at("MJF") < at("SLM"));
}

#[test]
fn unreadable_file_gives_a_json_error_line_and_exit_status_2() {
    let out = quote(&[
        "--json",
        &fixture("truncated.stl"),
        &fixture("cube.stl"),
        &fixture("absent.stl"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3, "the other files are still analysed");
    assert_eq!(lines[0]["error"]["code"], "stl_truncated");
    assert_eq!(
        lines[0]["error"]["message"],
        "Le fichier STL est tronqué\u{a0}: 12 triangles annoncés, 7 lus."
    );
    assert_eq!(lines[1]["triangles"], 12);
    assert_eq!(lines[2]["error"]["code"], "io_error");
    assert_eq!(lines[2]["error"]["message"], "Fichier introuvable.");
}

#[test]
fn file_without_a_mesh_is_refused_in_french() {
    let out = quote(&["--json", &fixture("not_a_mesh.txt")]);
    assert_eq!(out.status.code(), Some(2));
    let line = &json_lines(&out)[0];
    assert_eq!(line["error"]["code"], "unknown_format");
    assert!(line["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("Format de fichier non reconnu"));
}

#[test]
fn unit_option_scales_the_part() {
    let out = quote(&["--json", "--unit", "cm", &fixture("cube.stl")]);
    let cube = &json_lines(&out)[0];
    assert_eq!(cube["unit"], "cm");
    assert_eq!(cube["volume_mm3"], 8_000_000.0);
    assert_eq!(cube["bbox_max"], serde_json::json!([200.0, 200.0, 200.0]));
}

#[test]
fn part_too_large_for_every_process_has_null_prices() {
    // 20 inches = 508 mm: beyond every build volume in two dimensions.
    let out = quote(&[
        "--json",
        "--unit",
        "in",
        "--process",
        "SLS",
        &fixture("cube.stl"),
    ]);
    assert!(
        out.status.success(),
        "a part that does not fit is not an unreadable file"
    );
    let cube = &json_lines(&out)[0];
    for code in ["SLA", "SLS", "MJF", "SLM"] {
        assert!(cube["prices"][code].is_null(), "{code}");
    }
    assert_eq!(cube["price"]["error"]["code"], "does_not_fit");
}

#[test]
fn process_material_and_quantity_add_a_detailed_price() {
    let out = quote(&[
        "--json",
        "--process",
        "SLM",
        "--material",
        "INOX_316L",
        "--quantity",
        "10",
        &fixture("cube.stl"),
    ]);
    let price = &json_lines(&out)[0]["price"];
    // 316L: 450 × 8 = 3 600 ; 45 × 20 = 900 ; handling 1 500 -> 6 000 ; 10 parts at −10 %.
    assert_eq!(price["material"], "INOX_316L");
    assert_eq!(price["unit_cents"], 6000);
    assert_eq!(
        (price["quantity"].as_u64(), price["line_cents"].as_u64()),
        (Some(10), Some(54_000))
    );
}

#[test]
fn quantity_alone_prices_the_cheapest_process_first_in_catalog_order() {
    let out = quote(&["--json", "--quantity", "2", &fixture("cube.stl")]);
    let price = &json_lines(&out)[0]["price"];
    // SLS and MJF both cost the 8 € minimum: SLS comes first in the catalog.
    assert_eq!(
        (price["process"].as_str(), price["unit_cents"].as_u64()),
        (Some("SLS"), Some(800))
    );
}

#[test]
fn unknown_process_is_refused_before_reading_files() {
    let out = quote(&["--json", "--process", "FDM", &fixture("cube.stl")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("procédé «\u{a0}FDM\u{a0}» inconnu"), "{err}");
}

#[test]
fn table_mode_is_french_and_aligned() {
    let out = quote(&[
        "--process",
        "SLA",
        &fixture("cube.stl"),
        &fixture("truncated.stl"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let row = |label: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("no {label:?} row in\n{text}"))
    };
    let colon = |line: &str| line.chars().position(|c| c == ':').unwrap();
    assert!(row("Volume").ends_with("\u{a0}: 8\u{202f}000,00\u{a0}mm³"));
    assert!(row("Surface").ends_with("\u{a0}: 2\u{202f}400,00\u{a0}mm²"));
    assert!(row("Dimensions").ends_with("\u{a0}: 20,00 × 20,00 × 20,00\u{a0}mm"));
    assert!(row("Étanche").ends_with("\u{a0}: oui"));
    assert_eq!(
        colon(row("Volume")),
        colon(row("Étanche")),
        "label column aligned"
    );
    assert!(row("SLA ").ends_with("12,20\u{a0}€"));
    assert_eq!(
        row("SLA ").chars().count(),
        row("SLM ").chars().count(),
        "price column aligned"
    );
    assert!(text.contains("Devis\u{a0}: SLA – Résine standard"));
    assert!(row("Prix unitaire HT").ends_with("\u{a0}: 12,20\u{a0}€"));
    assert!(
        row("Erreur").ends_with("Le fichier STL est tronqué\u{a0}: 12 triangles annoncés, 7 lus.")
    );
}

#[test]
fn json_mode_reports_the_mesh_as_priced_and_its_repairs() {
    let out = quote(&[
        "--json",
        &fixture("flipped_faces.stl"),
        &fixture("near_duplicates.obj"),
        &fixture("cube.stl"),
    ]);
    assert!(out.status.success());
    let lines = json_lines(&out);
    let flipped = &lines[0];
    assert_eq!(flipped["closed"], true);
    assert_eq!(flipped["watertight"], true);
    assert!((flipped["volume_mm3"].as_f64().unwrap() - 8000.0).abs() < 1e-6);
    assert_eq!(flipped["repairs"]["turned_faces"], 3);
    assert_eq!(flipped["repairs"]["watertight_as_read"], false);
    let near = &lines[1];
    assert_eq!(
        (near["closed"].as_bool(), near["watertight"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(near["repairs"]["welded_vertices"], 1);
    assert_eq!(near["repairs"]["closed_as_read"], false);
    let sound = &lines[2]["repairs"];
    for k in ["welded_vertices", "turned_faces", "turned_bodies"] {
        assert_eq!(sound[k], 0, "{k}");
    }
    // The same price as the sound cube of the same size: it is priced as it will be printed.
    let sound_out = json_lines(&quote(&["--json", &fixture("cube.stl")]));
    assert_eq!(flipped["prices"], sound_out[0]["prices"]);
}

#[test]
fn corps_option_analyses_one_body_of_the_file_alone() {
    let file = fixture("two_bodies.stl");
    let whole = &json_lines(&quote(&["--json", &file]))[0];
    assert_eq!(whole["bodies"], 2);
    for (n, volume) in [("1", 1000.0), ("2", 125.0)] {
        let out = quote(&["--json", "--corps", n, &file]);
        assert!(out.status.success());
        let body = &json_lines(&out)[0];
        assert_eq!(body["bodies"], 1);
        let measured = body["volume_mm3"].as_f64().unwrap();
        assert!((measured - volume).abs() < 1e-9, "body {n}: {measured}");
        let listed = &whole["body_details"][n.parse::<usize>().unwrap() - 1];
        assert_eq!(body["volume_mm3"], listed["volume_mm3"]);
    }
    let out = quote(&["--json", "--corps", "3", &file]);
    assert_eq!(out.status.code(), Some(2));
    let error = &json_lines(&out)[0]["error"];
    assert_eq!(error["code"], "no_such_body");
    assert_eq!(
        error["message"],
        "Le fichier compte 2 corps\u{a0}: le corps 3 n'existe pas."
    );
}
