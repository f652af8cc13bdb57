//! Fuzzes the obj importer and the full analysis: any input must give a mesh or an error,
//! never a panic, a hang or an allocation out of proportion with the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quote_core::{analyze_file, quick_stats, AnalysisOptions};

fuzz_target!(|data: &[u8]| {
    let options = AnalysisOptions {
        thickness_samples: 64,
        ..AnalysisOptions::default()
    };
    if let Ok(a) = analyze_file("fuzz.obj", data, &options) {
        assert!(a.triangles > 0);
        assert!(a.volume_mm3 >= 0.0);
    }
    let _ = quick_stats("fuzz.obj", data);
});
