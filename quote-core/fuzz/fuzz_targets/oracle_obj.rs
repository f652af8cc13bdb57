//! Differential fuzzing of the OBJ reader: on every input the engine and `tobj` both read (and
//! that stays within what both read alike), they must read the same triangles
//! (`tests/oracles/compare.rs`).
#![no_main]

#[path = "../../tests/oracles/compare.rs"]
mod compare;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(mismatch) = compare::obj_vs_tobj(data) {
        panic!("the engine and tobj disagree: {mismatch}");
    }
});
