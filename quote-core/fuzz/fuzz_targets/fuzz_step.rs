//! Fuzzes the STEP importer (feature `step`) and the full analysis: any input must give a mesh
//! or a French error, never a panic, a hang or an allocation out of proportion with the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quote_core::{analyze_file, AnalysisOptions};

fuzz_target!(|data: &[u8]| {
    let options = AnalysisOptions {
        thickness_samples: 64,
        ..AnalysisOptions::default()
    };
    match analyze_file("fuzz.step", data, &options) {
        Ok(a) => {
            assert!(a.triangles > 0);
            assert!(a.volume_mm3 >= 0.0);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
