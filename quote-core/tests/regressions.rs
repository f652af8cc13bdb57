//! Inputs that once crashed or hung an importer (found by fuzzing or by hand), kept in
//! `fixtures/regressions/`: each must now give a mesh or a clear error, never a panic.
//! A file named `*.err-CODE.*` must be refused with that error code.

use std::path::Path;

use quote_core::{analyze_file, quick_stats, AnalysisOptions};

#[test]
fn every_regression_input_is_read_or_refused_without_panicking() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures/regressions exists") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".md") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let result = analyze_file(&name, &bytes, &AnalysisOptions::default());
        let _ = quick_stats(&name, &bytes);
        if let Some(code) = name.split(".err-").nth(1).and_then(|s| s.split('.').next()) {
            let e = result.expect_err(&name);
            assert_eq!(e.code(), code, "{name}: {e}");
            assert!(!e.to_string().is_empty());
        }
        count += 1;
    }
    assert!(count > 0, "no regression input in {}", dir.display());
}
