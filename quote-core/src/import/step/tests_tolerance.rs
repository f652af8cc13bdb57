//! The chord tolerance of a solid in an assembly: a small solid is meshed as coarsely as a solid
//! of [`StepLimits::assembly_share`] of the assembly, a large one at its own tolerance.

use super::tests::{volume, Len, Writer};
use super::tests_seams::{notched_bar, notched_bar_volume, represent};
use super::*;

fn triangles(text: &str) -> usize {
    let read = read_step_with(text.as_bytes(), &StepLimits::default()).unwrap();
    read.mesh.triangles.len()
}

#[test]
fn a_small_solid_beside_a_large_one_is_meshed_at_the_assembly_s_tolerance() {
    // The notched bar (10 × 10 × 20 mm) alone, then beside a box of 60 mm a side.
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let bar = notched_bar(&mut w, 0.0);
    let alone = triangles(&represent(w, &[bar], ctx));
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let cube = w.box_solid_with([60.0; 3], None, false);
    let only_box = triangles(&represent(w, &[cube], ctx));
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let bar = notched_bar(&mut w, -20.0);
    let cube = w.box_solid_with([60.0; 3], None, false);
    let text = represent(w, &[bar, cube], ctx);
    let read = read_step_with(text.as_bytes(), &StepLimits::default()).unwrap();
    let beside = read.mesh.triangles.len() - only_box;
    // The assembly's diagonal is about 4.6 times the bar's: half of it, 2.3 times.
    assert!(
        beside * 4 < alone * 3,
        "{beside} triangles beside the box, {alone} alone"
    );
    // Still within a fifth of a per cent of the bar's own volume.
    let want = notched_bar_volume() + 60.0f64.powi(3);
    let v = volume(&read.mesh);
    assert!(
        (v - want).abs() < 0.002 * notched_bar_volume(),
        "{v} for {want}"
    );
}

#[test]
fn solids_of_about_the_assembly_s_size_keep_their_own_tolerance() {
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let bar = notched_bar(&mut w, 0.0);
    let alone = triangles(&represent(w, &[bar], ctx));
    // Two bars side by side: the assembly is not twice the size of either.
    let mut w = Writer::new();
    let ctx = w.context(Len::Mm);
    let first = notched_bar(&mut w, 0.0);
    let second = notched_bar(&mut w, 12.0);
    let pair = triangles(&represent(w, &[first, second], ctx));
    assert_eq!(pair, 2 * alone);
}
