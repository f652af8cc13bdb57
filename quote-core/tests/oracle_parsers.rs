//! The engine's STL reader against `stl_io` and its OBJ reader against `tobj`, on every fixture
//! (the project's `fixtures/`, its fuzzing regressions, and `../shared/fixtures` when present):
//! on every file both accept, they read the same triangles (`tests/oracles/compare.rs` says what
//! "the same" means for each). The fuzz targets `oracle_stl` and `oracle_obj` run the same
//! comparison on generated inputs.

#[path = "oracles/compare.rs"]
mod compare;

use std::path::{Path, PathBuf};

use compare::{obj_vs_tobj, outside_common_obj, stl_vs_stl_io, Outcome};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files_with(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files_with(&p, ext, out);
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case(ext))
        {
            out.push(p);
        }
    }
}

/// Every fixture with this extension: the project's own, then the shared ones when present.
fn fixtures(ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files_with(&repo().join("fixtures"), ext, &mut out);
    let shared = repo().join("../shared/fixtures");
    if shared.is_dir() {
        files_with(&shared, ext, &mut out);
    } else {
        println!(
            "SKIP: {} is absent, only the project's fixtures compared",
            shared.display()
        );
    }
    out.sort();
    out
}

/// Runs `compare` on every fixture; fails on any disagreement, returns the files compared.
fn check_all(ext: &str, compare: fn(&[u8]) -> Result<Outcome, String>) -> Vec<String> {
    let mut agreed = Vec::new();
    let mut failures = Vec::new();
    for path in fixtures(ext) {
        let name = path.strip_prefix(repo()).unwrap().display().to_string();
        match compare(&std::fs::read(&path).unwrap()) {
            Ok(Outcome::Agreed(n)) => {
                println!("{name}: {n} triangles, same in both");
                agreed.push(name);
            }
            Ok(Outcome::Skipped(why)) => println!("{name}: not compared: {why}"),
            Err(mismatch) => failures.push(format!("{name}: {mismatch}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    agreed
}

#[test]
fn the_stl_reader_agrees_with_stl_io_on_every_fixture_both_read() {
    let agreed = check_all("stl", stl_vs_stl_io);
    // The project's binary and ASCII STL fixtures (a binary one with a `solid` header among them)
    // are read by both.
    for name in [
        "cube.stl",
        "sphere.stl",
        "solid_header.stl",
        "hollow_cube.stl",
    ] {
        assert!(
            agreed
                .iter()
                .any(|a| a.ends_with(&format!("fixtures/{name}"))),
            "{name} not compared: {agreed:?}"
        );
    }
    if repo().join("../shared/fixtures").is_dir() {
        assert!(agreed.len() >= 20, "only {} STL compared", agreed.len());
    }
}

#[test]
fn the_obj_reader_agrees_with_tobj_on_every_fixture_both_read() {
    let agreed = check_all("obj", obj_vs_tobj);
    for name in ["torus.obj", "near_duplicates.obj"] {
        assert!(
            agreed
                .iter()
                .any(|a| a.ends_with(&format!("fixtures/{name}"))),
            "{name} not compared: {agreed:?}"
        );
    }
    if repo().join("../shared/fixtures").is_dir() {
        assert!(
            agreed.iter().any(|a| a.ends_with("cornell_box.obj")),
            "cornell_box.obj (relative indices, several objects) not compared: {agreed:?}"
        );
    }
}

/// A binary STL of `tris`, its header starting with `header` and announcing `count`.
fn binary(header: &[u8], count: u32, tris: &[[[f32; 3]; 3]]) -> Vec<u8> {
    let mut out = vec![b' '; 80];
    out[..header.len()].copy_from_slice(header);
    out.extend_from_slice(&count.to_le_bytes());
    for t in tris {
        out.extend_from_slice(&[0; 12]);
        for c in t.iter().flatten() {
            out.extend_from_slice(&c.to_le_bytes());
        }
        out.extend_from_slice(&[0, 0]);
    }
    out
}

const TRIS: [[[f32; 3]; 3]; 2] = [
    [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
    [[-0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.5]],
];

#[test]
fn stl_io_gets_the_records_the_engine_read_behind_a_header_saying_so() {
    // A `solid ` header (ASCII to stl_io) and a count of 0 (no triangle to stl_io), and
    // `-0.0` beside `0.0` (one vertex to the engine, two to stl_io): all compared.
    let b = binary(b"solid by some CAD", 2, &TRIS);
    assert_eq!(stl_vs_stl_io(&b), Ok(Outcome::Agreed(2)));
    let b = binary(b"no count", 0, &TRIS);
    assert_eq!(stl_vs_stl_io(&b), Ok(Outcome::Agreed(2)));
}

const TWO_SOLIDS: &str = "solid a\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0.1\nendloop\nendfacet\nendsolid a\nsolid b\nfacet normal 0 0 1\nouter loop\nvertex 5 5 5\nvertex 6 5 5\nvertex 5 6 5\nendloop\nendfacet\nendsolid b\n";

#[test]
fn ascii_stl_is_compared_on_the_first_solid_which_is_all_stl_io_reads() {
    assert_eq!(stl_vs_stl_io(TWO_SOLIDS.as_bytes()), Ok(Outcome::Agreed(1)));
    // A coordinate whose f32 stl_io keeps differs from the engine's f64 only by rounding.
    let fine = TWO_SOLIDS.replace("0 1 0.1", "0 1 0.30000000000000004");
    assert_eq!(stl_vs_stl_io(fine.as_bytes()), Ok(Outcome::Agreed(1)));
}

#[test]
fn inputs_one_reader_refuses_are_not_compared() {
    // The engine reads a face of four corners as two triangles; stl_io refuses it.
    let quad = TWO_SOLIDS.replace("vertex 0 1 0.1\n", "vertex 0 1 0.1\nvertex 0 2 0\n");
    assert!(matches!(
        stl_vs_stl_io(quad.as_bytes()),
        Ok(Outcome::Skipped(_))
    ));
    // The engine refuses a NaN that stl_io's binary reader takes.
    let nan = binary(b"x", 1, &[[[f32::NAN, 0.0, 0.0], [1.0; 3], [2.0; 3]]]);
    assert!(matches!(stl_vs_stl_io(&nan), Ok(Outcome::Skipped(_))));
}

const OBJ: &str = "o a\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0 1.0\nf 1/1 2/2 3/3 4/4\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\ng b\nv 0 0 1\nf -5 -4 -1\nf 1 2\nl 1 2\n";

#[test]
fn obj_objects_relative_indices_and_polygons_are_compared() {
    assert_eq!(obj_vs_tobj(OBJ.as_bytes()), Ok(Outcome::Agreed(3)));
}

#[test]
fn obj_features_tobj_reads_otherwise_are_named_and_not_compared() {
    for (input, why) in [
        ("v 0 0 0 2\n", "a vertex weight other than 1"),
        ("v 0 0 \\\n0\n", "a line continuation"),
        ("fo 1 2 3\n", "an `fo` element"),
        ("l 1 2 3\n", "an `l` element of 3 vertices or more"),
        ("f\u{a0}1 2 3\n", "whitespace other than ASCII"),
        ("f\u{b}1 2 3\n", "whitespace other than ASCII"),
    ] {
        assert_eq!(outside_common_obj(input), Some(why), "{input:?}");
    }
    assert_eq!(outside_common_obj(OBJ), None);
    let weighted = OBJ.replace("0 1 0 1.0", "0 1 0 2.0");
    assert!(matches!(
        obj_vs_tobj(weighted.as_bytes()),
        Ok(Outcome::Skipped(_))
    ));
}
