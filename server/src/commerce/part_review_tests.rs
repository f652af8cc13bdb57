//! Unit tests of the review rules: the French reasons the analysis of generated meshes gives,
//! the status they lead to, and the validation of a message.

use quote_core::{analyze_file, Catalog};
use serde_json::json;

use super::*;

/// A binary STL box of `x` × `y` × `z` mm, less its last `missing` triangles (an open mesh).
fn box_stl(x: f32, y: f32, z: f32, missing: usize) -> Vec<u8> {
    let p = |i: usize| {
        [
            if i & 1 != 0 { x } else { 0.0 },
            if i & 2 != 0 { y } else { 0.0 },
            if i & 4 != 0 { z } else { 0.0 },
        ]
    };
    let faces: [[usize; 3]; 12] = [
        [0, 2, 1],
        [1, 2, 3],
        [4, 5, 6],
        [5, 7, 6],
        [0, 1, 4],
        [1, 5, 4],
        [2, 6, 3],
        [3, 6, 7],
        [0, 4, 2],
        [2, 4, 6],
        [1, 3, 5],
        [3, 7, 5],
    ];
    let kept = &faces[..12 - missing];
    let mut out = vec![0u8; 80];
    out.extend_from_slice(&(kept.len() as u32).to_le_bytes());
    for f in kept {
        out.extend_from_slice(&[0u8; 12]);
        for &v in f {
            for c in p(v) {
                out.extend_from_slice(&c.to_le_bytes());
            }
        }
        out.extend_from_slice(&[0u8; 2]);
    }
    out
}

fn reasons_of(bytes: &[u8]) -> Vec<String> {
    let options = Catalog::default_catalog().analysis_options();
    let analysis = analyze_file("piece.stl", bytes, &options).unwrap();
    reasons(&analysis, &options.processes)
}

#[test]
fn a_closed_part_that_fits_needs_no_review() {
    let r = reasons_of(&box_stl(20.0, 30.0, 40.0, 0));
    assert_eq!(r, Vec::<String>::new());
    assert_eq!(status_for(&r), status::ANALYSED);
}

#[test]
fn an_open_mesh_is_named_with_its_number_of_open_edges() {
    let r = reasons_of(&box_stl(20.0, 30.0, 40.0, 1));
    assert_eq!(
        r,
        vec!["Maillage non étanche\u{a0}: 3\u{a0}arêtes ouvertes.".to_owned()]
    );
    assert_eq!(status_for(&r), status::TO_REVIEW);
}

#[test]
fn a_part_larger_than_every_build_volume_is_out_of_volume() {
    let r = reasons_of(&box_stl(900.0, 900.0, 900.0, 0));
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(
        r[0].starts_with(
            "Hors volume\u{a0}: la pièce (900,0\u{a0}×\u{a0}900,0\u{a0}×\u{a0}900,0\u{a0}mm)"
        ),
        "{r:?}"
    );
}

#[test]
fn a_wall_thinner_than_every_process_minimum_is_named_with_the_minimums() {
    let r = reasons_of(&box_stl(30.0, 30.0, 0.3, 0));
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(
        r[0].starts_with("Parois trop fines\u{a0}: environ 0,3"),
        "{r:?}"
    );
    for minimum in [
        "SLA 0,6\u{a0}mm",
        "SLS 0,8\u{a0}mm",
        "MJF 0,6\u{a0}mm",
        "SLM 0,4\u{a0}mm",
    ] {
        assert!(r[0].contains(minimum), "{minimum}: {r:?}");
    }
}

#[test]
fn a_wall_one_process_can_make_needs_no_review() {
    // 0.5 mm: under SLA, SLS and MJF's minimum, over SLM's 0.4 mm.
    assert_eq!(
        reasons_of(&box_stl(30.0, 30.0, 0.5, 0)),
        Vec::<String>::new()
    );
}

#[test]
fn a_message_is_optional_trimmed_and_bounded() {
    assert_eq!(parse_message(None, "Votre message"), Ok(String::new()));
    assert_eq!(
        parse_message(Some(&json!(null)), "Votre message"),
        Ok(String::new())
    );
    assert_eq!(
        parse_message(Some(&json!("  Ligne 1\r\nLigne 2 ")), "Votre message"),
        Ok("Ligne 1\nLigne 2".to_owned())
    );
    let longest = "é".repeat(MAX_MESSAGE_CHARS);
    assert_eq!(
        parse_message(Some(&json!(longest)), "Votre message"),
        Ok(longest.clone())
    );
    let err = parse_message(Some(&json!(format!("{longest}x"))), "Votre message").unwrap_err();
    assert_eq!(
        err,
        "Votre message ne doit pas dépasser 2\u{202f}000\u{a0}caractères (2\u{202f}001 actuellement)."
    );
    assert_eq!(
        parse_message(Some(&json!(12)), "Le commentaire").unwrap_err(),
        "Le commentaire doit être un texte."
    );
    assert_eq!(
        parse_message(Some(&json!("a\u{0}b")), "Votre message").unwrap_err(),
        "Votre message contient des caractères non autorisés."
    );
}
