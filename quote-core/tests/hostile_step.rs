//! Hostile STEP files (issue 22, "Also"), generated in code: an instancing bomb, reference
//! cycles where the reader follows references, a deep chain of references, 200 000 nested
//! parentheses, an entity id wider than 64 bits, an unterminated string, no DATA section,
//! 30 million values in one list, and 400 000 padding points. Each must end with a mesh or a
//! French refusal, without a panic, within 10 s and 512 MB, on a 1 MB stack (the stack of a
//! WebAssembly build).
//!
//! The bytes the engine allocates are counted at their peak, so this binary runs one case at a
//! time. `cargo run -p quote-core --example hostile_step_files -- /tmp/hostile` writes the files
//! out (with `expected.json`) for the browser's test and for measuring the `quote` command on
//! them; `quote-cli/tests/hostile_step.rs` runs that command on each.
#![cfg(feature = "step")]

#[path = "hostile_step/cases.rs"]
mod cases;
#[path = "hostile_step/writer.rs"]
mod writer;

use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use cases::{Expect, CASES};

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{LIVE, PEAK};

/// One case at a time, so that the peak is the case's own.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const TIME_LIMIT: Duration = Duration::from_secs(10);
const MEMORY_LIMIT: usize = 512 * 1024 * 1024;
/// The stack of a wasm32 build (rust-lld's default).
const WASM_STACK: usize = 1024 * 1024;

/// Reads the case `name` on a 1 MB stack and checks what comes of it, its time and its peak.
fn check(name: &str) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let case = CASES.iter().find(|c| c.name == name).expect("a known case");
    let bytes = (case.make)();
    let size = bytes.len();
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let start = Instant::now();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .stack_size(WASM_STACK)
        .spawn(move || {
            let read = quote_core::import::import("piece-hostile.step", &bytes);
            let _ = send.send(read.map(|(_, mesh)| mesh));
        })
        .unwrap();
    let read = receive
        .recv_timeout(TIME_LIMIT)
        .unwrap_or_else(|_| panic!("{name}: no answer within {TIME_LIMIT:?} (or a panic)"));
    let elapsed = start.elapsed();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    println!(
        "{name}: {} kB read in {:.0} ms, peak {:.1} MB allocated: {}",
        size / 1024,
        elapsed.as_secs_f64() * 1000.0,
        peak as f64 / 1e6,
        match &read {
            Ok(m) => format!("{} triangles", m.triangles.len()),
            Err(e) => e.to_string(),
        }
    );
    assert!(peak < MEMORY_LIMIT, "{name}: peak {peak} bytes");
    match (case.expect, read) {
        (Expect::Mesh(volume), Ok(mesh)) => {
            let v = quote_core::analyze(
                quote_core::Format::Step,
                &mesh,
                &quote_core::AnalysisOptions::default(),
            )
            .unwrap()
            .volume_mm3;
            assert!((v - volume).abs() < 1e-6 * volume, "{name}: volume {v}");
        }
        (Expect::Refused(code), Err(e)) => {
            assert_eq!(e.code(), code, "{name}: {e}");
            let message = e.to_string();
            assert!(message.contains("Le fichier STEP"), "{name}: {message}");
            assert!(message.contains("STL ou en 3MF"), "{name}: {message}");
        }
        (want, got) => panic!("{name}: expected {want:?}, got {got:?}"),
    }
}

#[test]
fn an_instancing_bomb_is_refused_without_expanding_it() {
    check("instancing_bomb");
}

#[test]
fn an_instancing_bomb_of_empty_copies_is_refused_without_expanding_it() {
    check("instancing_bomb_of_nothing");
}

#[test]
fn a_cycle_of_oriented_shells_is_refused() {
    check("cycle_oriented_shells");
}

#[test]
fn a_shell_listing_itself_is_refused() {
    check("cycle_shell_lists_itself");
}

#[test]
fn a_cycle_of_oriented_faces_is_refused() {
    check("cycle_oriented_faces");
}

#[test]
fn a_bound_that_is_its_own_loop_is_refused() {
    check("cycle_bound_is_its_own_loop");
}

#[test]
fn a_cycle_of_oriented_edges_is_refused() {
    check("cycle_oriented_edges");
}

#[test]
fn a_placement_located_at_itself_is_refused() {
    check("cycle_placement_located_at_itself");
}

#[test]
fn a_cycle_of_surface_curves_is_refused_without_overflowing_the_stack() {
    check("cycle_surface_curves");
}

#[test]
fn a_chain_of_100000_surface_curves_is_refused_without_overflowing_the_stack() {
    check("chain_of_100000_surface_curves");
}

#[test]
fn a_chain_of_38_surface_curves_is_read_on_a_webassembly_stack() {
    check("chain_of_38_surface_curves");
}

#[test]
fn a_representation_mapping_itself_is_refused() {
    check("cycle_mapped_items");
}

#[test]
fn two_representations_placing_each_other_are_refused() {
    check("cycle_representation_relationships");
}

#[test]
fn parentheses_200000_deep_are_refused_before_the_parser() {
    check("parentheses_200000_deep");
}

#[test]
fn an_entity_id_wider_than_64_bits_is_refused() {
    check("entity_id_overflow");
}

#[test]
fn an_unterminated_string_is_refused() {
    check("unterminated_string");
}

#[test]
fn a_file_without_data_section_is_refused() {
    check("no_data_section");
}

#[test]
fn thirty_million_values_are_refused_before_the_parser() {
    check("values_30_million");
}

#[test]
fn padding_400000_points_is_read_in_bounded_time_and_memory() {
    check("padding_400000_points");
}

#[test]
fn every_case_has_its_test() {
    let source = include_str!("hostile_step.rs");
    for case in CASES {
        assert!(
            source.contains(&format!("check(\"{}\")", case.name)),
            "{}",
            case.name
        );
    }
}
