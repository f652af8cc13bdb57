//! STEP files in the instant quote: the server reads them with quote-core's STEP reader (the
//! project's own fixture `fixtures/step/bloc_perce.step`, whose exact B-rep figures are in
//! `fixtures/step/expected.json`), prices them as quote-core does natively, and refuses a `.step`
//! without the ISO 10303-21 header before storing it, and a broken one with the engine's words.

use quote_core::{analyze_file, price, Catalog, PriceOptions};
use serde_json::{json, Value};
use server::db::pieces::status;

use crate::devis_helpers::{drop_file, price_of, process, set_entry, stored_files, upload};
use crate::helpers::spawn_app;

fn step_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/step")
}

fn step_fixture(name: &str) -> Vec<u8> {
    std::fs::read(step_dir().join(name)).unwrap()
}

/// The entry of `name` in `fixtures/step/expected.json`.
fn truth(name: &str) -> Value {
    let text = std::fs::read_to_string(step_dir().join("expected.json")).unwrap();
    let all: Value = serde_json::from_str(&text).unwrap();
    all["fixtures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["file"] == name)
        .unwrap_or_else(|| panic!("{name} missing from fixtures/step/expected.json"))
        .clone()
}

/// quote-core's own price of a file, natively, with the default catalog.
fn native_line_cents(name: &str, bytes: &[u8], options: &PriceOptions) -> u64 {
    let catalog = Catalog::default_catalog();
    let analysis = analyze_file(name, bytes, &catalog.analysis_options()).unwrap();
    price(&analysis, options, &catalog).unwrap().line_cents
}

#[tokio::test]
async fn a_dropped_step_file_is_analysed_and_priced_as_quote_core_does_natively() {
    let app = spawn_app().await;
    let c = app.client();
    let name = "bloc_perce.step";
    let bytes = step_fixture(name);
    let processed = drop_file(&c, bytes.clone(), name, 0).await;
    assert_eq!(processed["error"], Value::Null, "{processed}");
    let analysis = &processed["analysis"];
    assert_eq!(analysis["format"], "step");
    assert_eq!(analysis["watertight"], true);
    assert_eq!(processed["status_id"], status::ANALYSED, "no human review");

    // The server's figures are quote-core's, to the bit.
    let native =
        analyze_file(name, &bytes, &Catalog::default_catalog().analysis_options()).unwrap();
    assert_eq!(analysis["volume_mm3"].as_f64().unwrap(), native.volume_mm3);
    assert_eq!(
        analysis["triangles"].as_u64().unwrap(),
        native.triangles as u64
    );
    // And within the fixture's tolerance of the exact B-rep volume.
    let want = truth(name);
    let exact = want["volume_mm3"].as_f64().unwrap();
    let tolerance = want["relative_tolerance"].as_f64().unwrap();
    let volume = native.volume_mm3;
    assert!(
        (volume - exact).abs() <= exact * tolerance,
        "volume {volume} mm³, exact {exact} mm³"
    );
    for (i, (lo, hi)) in native.bbox_min.iter().zip(&native.bbox_max).enumerate() {
        assert!((lo - want["bbox_min"][i].as_f64().unwrap()).abs() < 1e-6);
        assert!((hi - want["bbox_max"][i].as_f64().unwrap()).abs() < 1e-6);
    }

    let body: Value = price_of(&c, 0).await.json().await.unwrap();
    assert_eq!(body["success"], true, "{body}");
    assert_eq!(
        body["prix"]["line_cents"],
        native_line_cents(name, &bytes, &PriceOptions::default())
    );

    let updates = json!({ "process": "SLS", "quantity": 3 });
    assert_eq!(set_entry(&c, 0, updates).await.status(), 200);
    let body: Value = price_of(&c, 0).await.json().await.unwrap();
    let options = PriceOptions {
        quantity: 3,
        ..PriceOptions::for_process("SLS")
    };
    assert_eq!(
        body["prix"]["line_cents"],
        native_line_cents(name, &bytes, &options)
    );

    // The same file dropped again (as .stp) is the same stored copy, its analysis the cached one.
    let again = drop_file(&c, bytes, "bloc_perce.stp", 1).await;
    assert_eq!(again["error"], Value::Null, "{again}");
    assert_eq!(again["analysis"]["volume_mm3"], analysis["volume_mm3"]);
    assert_eq!(stored_files(&app).len(), 1, "{:?}", stored_files(&app));
}

#[tokio::test]
async fn a_step_file_without_its_header_is_refused_in_french_before_anything_is_written() {
    let app = spawn_app().await;
    let c = app.client();
    for name in ["bride.step", "bride.STP"] {
        let res = upload(&c, "Notes de conception de la bride.\n".into(), name, 0).await;
        assert_eq!(res.status(), 400, "{name}");
        let body: Value = res.json().await.unwrap();
        let message = body["message"].as_str().unwrap();
        assert!(
            message.starts_with("Le fichier STEP est invalide")
                && message.contains("ISO-10303-21")
                && message.contains("STL ou en 3MF"),
            "{message}"
        );
        assert!(stored_files(&app).is_empty(), "{:?}", stored_files(&app));
    }
    // Other files are still refused with the list of the formats the quote reads.
    let res = upload(&c, b"ISO-10303-21;\n".to_vec(), "bride.iges", 0).await;
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        "Format de fichier non reconnu\u{a0}: seuls les fichiers STL, OBJ, 3MF et STEP (.step, .stp) sont acceptés."
    );
    assert!(stored_files(&app).is_empty(), "{:?}", stored_files(&app));
}

/// Issue 24: comments and blank lines before the header (here 5 kB of a CAD system's banner,
/// more than the 1 kB the upload used to look at) are a STEP file as OpenCascade reads it.
#[tokio::test]
async fn a_step_file_with_comments_before_its_header_is_read() {
    let app = spawn_app().await;
    let c = app.client();
    let name = "bloc_perce.step";
    let mut bytes = format!(
        "\u{feff}/* Exporté par un système de CAO\n{} */\n\n",
        "* bannière de licence *\n".repeat(200)
    )
    .into_bytes();
    assert!(bytes.len() > 4_000);
    bytes.extend(step_fixture(name));
    let processed = drop_file(&c, bytes, name, 0).await;
    assert_eq!(processed["error"], Value::Null, "{processed}");
    let native = analyze_file(
        name,
        &step_fixture(name),
        &Catalog::default_catalog().analysis_options(),
    )
    .unwrap();
    assert_eq!(
        processed["analysis"]["volume_mm3"].as_f64().unwrap(),
        native.volume_mm3
    );
}

#[tokio::test]
async fn a_broken_step_file_gets_the_engine_s_french_error_naming_the_problem() {
    let app = spawn_app().await;
    let c = app.client();
    let name = "bloc_tronque.step";
    let body = drop_file(&c, step_fixture(name), name, 0).await;
    assert_eq!(body["code"], truth(name)["error"], "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.starts_with("Le fichier STEP est invalide\u{a0}: ")
            && message.contains("STL ou en 3MF"),
        "{message}"
    );
    // No part, no price: the entry stays unanalysed.
    let res = price_of(&c, 0).await;
    assert_eq!(res.status(), 400);
    let again = process(&c, 0).await;
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["code"], body["code"]);
}
