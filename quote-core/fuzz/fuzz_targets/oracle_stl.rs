//! Differential fuzzing of the STL reader: on every input the engine and `stl_io` both read,
//! they must read the same triangles (`tests/oracles/compare.rs`).
#![no_main]

#[path = "../../tests/oracles/compare.rs"]
mod compare;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(mismatch) = compare::stl_vs_stl_io(data) {
        panic!("the engine and stl_io disagree: {mismatch}");
    }
});
