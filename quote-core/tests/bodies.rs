//! One body of a multi-body file analysed alone (`analyze_file_body`): the part a visitor splits
//! out of the file. Its figures are those the whole file's analysis lists for it, bit for bit;
//! the bodies' volumes add up to the file's; a file with one body gives its own analysis.

use std::path::PathBuf;

use quote_core::pricing::price_all_processes;
use quote_core::{analyze_file, analyze_file_body, Analysis, Catalog};

fn analyse(name: &str, body: Option<usize>) -> Result<Analysis, quote_core::QuoteError> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures")
        .join(name);
    let bytes = std::fs::read(path).unwrap();
    let options = Catalog::default_catalog().analysis_options();
    match body {
        None => analyze_file(name, &bytes, &options),
        Some(b) => analyze_file_body(name, &bytes, &options, b),
    }
}

#[test]
fn each_body_alone_measures_what_the_whole_file_lists_for_it() {
    for (name, volumes) in [
        ("two_bodies.stl", [1000.0, 125.0]),
        ("inverted_body.stl", [1000.0, 125.0]),
    ] {
        let whole = analyse(name, None).unwrap();
        assert_eq!(whole.bodies, 2, "{name}");
        let mut sum = 0.0;
        for (b, want) in volumes.into_iter().enumerate() {
            let one = analyse(name, Some(b)).unwrap();
            let listed = &whole.body_details[b];
            assert_eq!(one.bodies, 1, "{name} body {b}");
            assert_eq!(one.volume_mm3, listed.volume_mm3, "{name} body {b}");
            assert_eq!(one.area_mm2, listed.area_mm2, "{name} body {b}");
            assert_eq!(
                (one.bbox_min, one.bbox_max),
                (listed.bbox_min, listed.bbox_max)
            );
            assert_eq!(one.triangles, listed.triangles, "{name} body {b}");
            assert!(one.watertight && !one.inverted, "{name} body {b}");
            assert!(
                (one.volume_mm3 - want).abs() < 1e-9,
                "{name} body {b}: {}",
                one.volume_mm3
            );
            sum += one.volume_mm3;
        }
        assert!((sum - whole.volume_mm3).abs() < 1e-9, "{name}: {sum}");
    }
}

#[test]
fn each_body_gets_its_own_price_below_the_whole_file_s() {
    let catalog = Catalog::default_catalog();
    let whole = price_all_processes(&analyse("two_bodies.stl", None).unwrap(), &catalog, 1);
    let big = price_all_processes(&analyse("two_bodies.stl", Some(0)).unwrap(), &catalog, 1);
    let small = price_all_processes(&analyse("two_bodies.stl", Some(1)).unwrap(), &catalog, 1);
    // The minimum per part may price both cubes alike; some process tells them apart.
    let mut apart = 0;
    for ((w, b), s) in whole.iter().zip(&big).zip(&small) {
        let process = &w.0;
        if let (Some(w), Some(b), Some(s)) = (w.1, b.1, s.1) {
            assert!(s <= b && b <= w, "{process}: {s} {b} {w}");
            apart += usize::from(s < b);
        }
    }
    assert!(apart > 0);
}

#[test]
fn a_hollow_part_is_one_body_and_alone_it_is_the_whole_file() {
    let whole = analyse("hollow_cube.stl", None).unwrap();
    assert_eq!(whole.bodies, 1);
    let body = analyse("hollow_cube.stl", Some(0)).unwrap();
    assert_eq!(body, whole);
    assert!((body.volume_mm3 - 7000.0).abs() < 1e-9);
    let e = analyse("hollow_cube.stl", Some(1)).unwrap_err();
    assert_eq!(e.code(), "no_such_body");
}

#[test]
fn each_body_alone_carries_the_repairs_made_on_it_and_they_add_up_to_the_file_s() {
    let whole = analyse("inverted_body.stl", None).unwrap();
    assert_eq!(whole.repairs.turned_bodies, 1);
    let first = analyse("inverted_body.stl", Some(0)).unwrap();
    let second = analyse("inverted_body.stl", Some(1)).unwrap();
    // The second cube was written inside out: it alone was turned, and says so.
    assert_eq!(first.repairs.turned_bodies, 0);
    assert_eq!(second.repairs.turned_bodies, 1);
    let codes =
        |a: &Analysis| -> Vec<String> { a.warnings.iter().map(|w| w.code.clone()).collect() };
    assert!(
        !codes(&first).iter().any(|c| c.starts_with("repaired_")),
        "{:?}",
        first.warnings
    );
    assert!(
        codes(&second).contains(&"repaired_bodies".to_owned()),
        "{:?}",
        second.warnings
    );
    for a in [&first, &second] {
        assert!(a.repairs.closed_as_read && a.repairs.watertight_as_read);
        assert!(!a.repairs.weld_closed && a.repairs.welded_vertices == 0);
    }
    // A sound two-body file: no body has a repair.
    for b in 0..2 {
        let a = analyse("two_bodies.stl", Some(b)).unwrap();
        assert_eq!(a.repairs, analyse("two_bodies.stl", None).unwrap().repairs);
    }
}
