//! Checks every file of `fixtures/` against `fixtures/expected.json`, the truth written by
//! `fixtures/generate.py` (computed there from the exact coordinates, independently of the engine).
//! Every repair case says what the repair must report (`repairs`) and how many bodies
//! the file holds. Tolerances of the issue: volume and area within 1e-6 relative for watertight meshes, box within
//! 1e-6 of its diagonal, counts and flags exact, files without a mesh refused with their code.

use std::path::PathBuf;

use quote_core::pricing::price_all_processes;
use quote_core::{analyze_file, Analysis, Catalog};
use serde_json::Value;

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

fn expected() -> Vec<Value> {
    let text = std::fs::read_to_string(fixtures_dir().join("expected.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["fixtures"].as_array().unwrap().clone()
}

fn analyse(name: &str) -> Result<Analysis, quote_core::QuoteError> {
    let bytes = std::fs::read(fixtures_dir().join(name)).unwrap();
    analyze_file(name, &bytes, &Catalog::default_catalog().analysis_options())
}

fn close(got: f64, want: f64, tolerance: f64) -> bool {
    (got - want).abs() <= tolerance
}

fn vec3(v: &Value) -> [f64; 3] {
    [0, 1, 2].map(|i| v[i].as_f64().unwrap())
}

/// Every mismatch between an analysis and its expected entry, in words.
fn mismatches(a: &Analysis, e: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |ok: bool, what: String| {
        if !ok {
            out.push(what);
        }
    };
    let fmt = serde_json::to_value(a.format).unwrap();
    check(
        fmt == e["format"],
        format!("format {fmt} != {}", e["format"]),
    );
    check(
        a.triangles as u64 == e["triangles"].as_u64().unwrap(),
        format!("triangles {}", a.triangles),
    );
    check(
        a.shells as u64 == e["shells"].as_u64().unwrap(),
        format!("shells {}", a.shells),
    );
    check(
        a.watertight == e["watertight"].as_bool().unwrap(),
        format!("watertight {}", a.watertight),
    );
    check(
        a.inverted == e["inverted"].as_bool().unwrap(),
        format!("inverted {}", a.inverted),
    );
    if let Some(bodies) = e["bodies"].as_u64() {
        check(
            a.bodies as u64 == bodies && a.body_details.len() as u64 == bodies,
            format!("bodies {}", a.bodies),
        );
    }
    if let Some(r) = e.get("repairs") {
        let got = [
            a.repairs.welded_vertices,
            a.repairs.turned_faces,
            a.repairs.turned_bodies,
        ];
        let want = ["welded_vertices", "turned_faces", "turned_bodies"]
            .map(|k| r[k].as_u64().unwrap() as usize);
        check(got == want, format!("repairs {got:?} != {want:?}"));
    }
    if let Some(codes) = e["warnings"].as_array() {
        for code in codes {
            check(
                a.warnings.iter().any(|w| w.code == code.as_str().unwrap()),
                format!("no {code} warning in {:?}", a.warnings),
            );
        }
    }
    let unit = serde_json::to_value(a.unit_suggestion).unwrap();
    check(
        unit == e["unit_suggestion"],
        format!("unit_suggestion {unit}"),
    );
    if let Some(volume) = e["volume_mm3"].as_f64() {
        check(
            close(a.volume_mm3, volume, 1e-6 * volume),
            format!("volume {} != {volume}", a.volume_mm3),
        );
    }
    let area = e["area_mm2"].as_f64().unwrap();
    check(
        close(a.area_mm2, area, 1e-6 * area),
        format!("area {} != {area}", a.area_mm2),
    );
    let (lo, hi) = (vec3(&e["bbox_min"]), vec3(&e["bbox_max"]));
    let diagonal = (0..3).map(|k| (hi[k] - lo[k]).powi(2)).sum::<f64>().sqrt();
    for k in 0..3 {
        check(
            close(a.bbox_min[k], lo[k], 1e-6 * diagonal),
            format!("bbox_min {:?}", a.bbox_min),
        );
        check(
            close(a.bbox_max[k], hi[k], 1e-6 * diagonal),
            format!("bbox_max {:?}", a.bbox_max),
        );
    }
    out
}

#[test]
fn every_project_fixture_matches_its_expected_truth() {
    let entries = expected();
    assert!(entries.len() >= 11, "expected.json lists every fixture");
    let mut failures = Vec::new();
    for e in &entries {
        let name = e["file"].as_str().unwrap();
        match (analyse(name), e["error"].as_str()) {
            (Ok(a), None) => {
                for m in mismatches(&a, e) {
                    failures.push(format!("{name}: {m}"));
                }
            }
            (Err(err), Some(code)) => {
                if err.code() != code {
                    failures.push(format!("{name}: error {} != {code}", err.code()));
                }
                if err.message().is_empty() {
                    failures.push(format!("{name}: empty message"));
                }
            }
            (Ok(_), Some(code)) => failures.push(format!("{name}: read, but {code} expected")),
            (Err(err), None) => failures.push(format!("{name}: refused: {err}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_file_in_fixtures_is_listed_in_expected_json() {
    let listed: Vec<String> = expected()
        .iter()
        .map(|e| e["file"].as_str().unwrap().to_string())
        .collect();
    for entry in std::fs::read_dir(fixtures_dir()).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir()
            || ["expected.json", "generate.py", "README.md"].contains(&name.as_str())
        {
            continue;
        }
        assert!(listed.contains(&name), "{name} is not in expected.json");
    }
}

#[test]
fn truncated_stl_message_gives_both_counts() {
    let err = analyse("truncated.stl").unwrap_err();
    assert_eq!(
        err.message(),
        "Le fichier STL est tronqué\u{a0}: 12 triangles annoncés, 7 lus."
    );
}

#[test]
fn every_readable_fixture_gets_a_price_from_some_process() {
    let catalog = Catalog::default_catalog();
    for e in expected().iter().filter(|e| e["error"].is_null()) {
        let name = e["file"].as_str().unwrap();
        let prices = price_all_processes(&analyse(name).unwrap(), &catalog, 1);
        assert!(
            prices.iter().any(|(_, p)| p.is_some()),
            "{name}: {prices:?}"
        );
    }
}
