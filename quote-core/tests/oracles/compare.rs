//! The engine's STL and OBJ readers against `stl_io` and `tobj`, on one input: where both accept
//! it, they must read the same triangles. Shared by `tests/oracle_parsers.rs` and the fuzz
//! targets `oracle_stl` and `oracle_obj` (included there with `#[path]`).
//!
//! Where the engine reads a file differently on purpose (docs/decisions.md, "Oracles"), the
//! input is given to the oracle in the form it can read (an STL header rewritten, the first
//! solid of an ASCII file) or skipped with the reason; every other difference is a mismatch.
#![allow(dead_code)]

use std::io::Cursor;

use quote_core::{import, import::binary_stl_count, Format, Mesh};

/// What one comparison found, when the readers do not disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Both read the input and agree on this many triangles.
    Agreed(usize),
    /// Nothing to compare: one of them refuses the input, or it is outside what both read.
    Skipped(String),
}

fn skipped(reason: impl Into<String>) -> Result<Outcome, String> {
    Ok(Outcome::Skipped(reason.into()))
}

/// The engine's mesh when it reads the bytes as `format`.
fn engine(name: &str, bytes: &[u8], format: Format) -> Result<Mesh, String> {
    match import(name, bytes) {
        Ok((f, mesh)) if f == format => Ok(mesh),
        Ok((f, _)) => Err(format!("the engine reads it as {}", f.label())),
        Err(e) => Err(format!("the engine refuses it ({})", e.code())),
    }
}

// ---------------------------------------------------------------------------------------------
// STL against stl_io

/// Compares the engine's STL reader with `stl_io::read_stl` on `bytes`.
///
/// - Binary (the engine decides by size, [`binary_stl_count`]): stl_io decides by the first line
///   (`solid ` means ASCII to it) and reads the header's count (0 means none to it). The 84-byte
///   header holds no geometry, so stl_io gets the same records behind a header that says what the
///   engine read. Corners must be equal bit for bit (f32 widened to f64), and two corners share a
///   vertex in one reader exactly when they do in the other (`-0.0` and `0.0` are one vertex to
///   the engine, two to stl_io).
/// - ASCII: stl_io wants a first line beginning with `solid ` exactly (the engine: the word
///   `solid` in any case after any whitespace); that line holds only the solid's name, so stl_io
///   gets it in its form. stl_io reads the first solid only; the engine reads every solid, so
///   the engine's reading of the first solid is compared, and its reading of the whole file must
///   begin with it.
///   stl_io parses f32 and the engine f64: each coordinate must round to stl_io's f32 within one
///   unit in the last place (decimal → f64 → f32 may round twice).
pub fn stl_vs_stl_io(bytes: &[u8]) -> Result<Outcome, String> {
    let mesh = match engine("oracle.stl", bytes, Format::Stl) {
        Ok(m) => m,
        Err(why) => return skipped(why),
    };
    match binary_stl_count(bytes) {
        Some(n) => binary_vs_stl_io(bytes, n, &mesh),
        None => ascii_vs_stl_io(bytes, &mesh),
    }
}

fn binary_vs_stl_io(bytes: &[u8], n: usize, mesh: &Mesh) -> Result<Outcome, String> {
    let mut given = bytes.to_vec();
    if given.starts_with(b"solid ") {
        given[0] = b'S';
    }
    given[80..84].copy_from_slice(&(n as u32).to_le_bytes());
    let io = match stl_io::read_stl(&mut Cursor::new(&given)) {
        Ok(io) => io,
        Err(e) => return Err(format!("stl_io refuses a binary STL the engine reads: {e}")),
    };
    same_count(mesh, io.faces.len())?;
    let mut engine_of = vec![u32::MAX; io.vertices.len()];
    for (t, face) in io.faces.iter().enumerate() {
        for (k, (corner, &s)) in mesh.corners(t).iter().zip(&face.vertices).enumerate() {
            let want = io.vertices[s].0.map(f64::from);
            if *corner != want {
                return Err(format!(
                    "triangle {t}, corner {k}: engine {corner:?}, stl_io {want:?}"
                ));
            }
            let e = mesh.triangles[t][k];
            if engine_of[s] == u32::MAX {
                engine_of[s] = e;
            } else if engine_of[s] != e {
                return Err(format!(
                    "triangle {t}, corner {k}: stl_io shares vertex {s}, the engine has {} and {e}",
                    engine_of[s]
                ));
            }
        }
    }
    // stl_io keys vertices by bits: once signed zeros are merged, its vertices are the engine's.
    let mut positions: Vec<[u32; 3]> = io
        .vertices
        .iter()
        .map(|v| v.0.map(|c| if c == 0.0 { 0 } else { c.to_bits() }))
        .collect();
    positions.sort_unstable();
    positions.dedup();
    if positions.len() != mesh.vertices.len() {
        return Err(format!(
            "vertices: engine {}, stl_io {} once signed zeros are merged",
            mesh.vertices.len(),
            positions.len()
        ));
    }
    Ok(Outcome::Agreed(mesh.triangles.len()))
}

/// The end of the line closing stl_io's solid: the first line after the first one whose first
/// word is `endsolid` (stl_io's own rule), or `None` when there is none.
fn first_solid_end(bytes: &[u8]) -> Option<usize> {
    let mut start = bytes.iter().position(|&b| b == b'\n')? + 1;
    while start < bytes.len() {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| start + i + 1);
        let line = String::from_utf8_lossy(&bytes[start..end]);
        if line.split_whitespace().next() == Some("endsolid") {
            return Some(end);
        }
        start = end;
    }
    None
}

fn ascii_vs_stl_io(bytes: &[u8], whole: &Mesh) -> Result<Outcome, String> {
    // The engine accepted it, so its first word is `solid`, in any case, after any whitespace,
    // and the rest of that line is the solid's name. stl_io wants a first line beginning with
    // `solid ` exactly: it gets that line in that form.
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    let name_end = bytes[start..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| start + i + 1);
    let bytes = &[&b"solid oracle\n"[..], &bytes[name_end..]].concat();
    let io = match stl_io::read_stl(&mut Cursor::new(bytes)) {
        Ok(io) if io.faces.is_empty() => return skipped("stl_io reads no triangle"),
        Ok(io) => io,
        Err(e) => return skipped(format!("stl_io refuses it ({e})")),
    };
    let cut = first_solid_end(bytes).ok_or("stl_io read a solid without `endsolid`")?;
    let first = &bytes[..cut];
    if binary_stl_count(first).is_some() {
        return skipped("the first solid alone has the size of a binary STL");
    }
    let mesh = engine("oracle.stl", first, Format::Stl)
        .map_err(|why| format!("first solid: {why}, but stl_io reads it"))?;
    same_count(&mesh, io.faces.len())?;
    for (t, face) in io.faces.iter().enumerate() {
        let corners = mesh.corners(t);
        for (k, (corner, &s)) in corners.iter().zip(&face.vertices).enumerate() {
            let want = io.vertices[s].0;
            if !(0..3).all(|c| same_f32(corner[c], want[c])) {
                return Err(format!(
                    "triangle {t}, corner {k}: engine {corner:?}, stl_io {want:?}"
                ));
            }
        }
        if whole.corners(t) != corners {
            return Err(format!(
                "triangle {t}: the whole file and its first solid differ in the engine"
            ));
        }
    }
    Ok(Outcome::Agreed(mesh.triangles.len()))
}

/// `engine` (parsed as f64) rounds to `oracle` (parsed as f32) within one unit in the last place.
fn same_f32(engine: f64, oracle: f32) -> bool {
    let mine = engine as f32;
    mine == oracle
        || (mine.is_sign_negative() == oracle.is_sign_negative()
            && mine.to_bits().abs_diff(oracle.to_bits()) <= 1)
}

fn same_count(mesh: &Mesh, oracle: usize) -> Result<(), String> {
    if mesh.triangles.len() != oracle {
        return Err(format!(
            "triangles: engine {}, oracle {oracle}",
            mesh.triangles.len()
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// OBJ against tobj

/// Why `text` is outside what the engine and tobj read alike, if it is.
///
/// - The engine splits words on ASCII whitespace (as it splits lines); tobj on any Unicode
///   whitespace, so `f\u{a0}1 2 3` is a face to tobj and an unknown word to the engine.
/// - A `\` at the end of a line continues it for the engine (the OBJ specification); tobj does
///   not join lines.
/// - `fo` is the old name of `f`, read by the engine, unknown to tobj.
/// - tobj reads an `l` element of three or more vertices as a face; the engine skips every line
///   element.
/// - tobj divides `v x y z w` by `w`; the engine ignores `w`, a weight for rational curves.
pub fn outside_common_obj(text: &str) -> Option<&'static str> {
    if text
        .chars()
        .any(|c| c.is_whitespace() && !c.is_ascii_whitespace())
    {
        return Some("whitespace other than ASCII");
    }
    for line in text.split('\n') {
        if line.trim_end().ends_with('\\') {
            return Some("a line continuation");
        }
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        match words.first() {
            Some(&"fo") => return Some("an `fo` element"),
            Some(&"l") if words.len() > 3 => return Some("an `l` element of 3 vertices or more"),
            Some(&"v") if words.len() == 5 && words[4].parse::<f64>() != Ok(1.0) => {
                return Some("a vertex weight other than 1")
            }
            _ => {}
        }
    }
    None
}

/// Runs tobj, a panic (its index arithmetic overflows on some absurd relative indices in
/// builds with overflow checks) counting as a refusal.
fn tobj_read(text: &str) -> Result<Vec<tobj::Model>, String> {
    let options = tobj::LoadOptions {
        single_index: true,
        triangulate: true,
        ignore_points: true,
        ignore_lines: true,
    };
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let read = std::panic::catch_unwind(|| {
        tobj::load_obj_buf(&mut text.as_bytes(), &options, |_| {
            Err(tobj::LoadError::OpenFileFailed)
        })
    });
    std::panic::set_hook(hook);
    match read {
        Ok(Ok((models, _materials))) => Ok(models),
        Ok(Err(e)) => Err(format!("tobj refuses it ({e})")),
        Err(_) => Err("tobj panics".into()),
    }
}

/// Compares the engine's OBJ reader with `tobj::load_obj_buf` (triangulated, points and lines
/// ignored, coordinates in f64) on `bytes`: the same triangles with the same corners, exactly
/// (both parse decimals with Rust's correctly rounded `f64` parser), in file order.
pub fn obj_vs_tobj(bytes: &[u8]) -> Result<Outcome, String> {
    let mesh = match engine("oracle.obj", bytes, Format::Obj) {
        Ok(m) => m,
        Err(why) => return skipped(why),
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return skipped("not UTF-8: tobj reads text only");
    };
    if let Some(why) = outside_common_obj(text) {
        return skipped(why);
    }
    let models = match tobj_read(text) {
        Ok(m) => m,
        Err(why) => return skipped(why),
    };
    let corners: Vec<[f64; 3]> = models
        .iter()
        .flat_map(|m| {
            m.mesh.indices.iter().map(|&i| {
                let p = &m.mesh.positions[3 * i as usize..3 * i as usize + 3];
                [p[0], p[1], p[2]]
            })
        })
        .collect();
    if corners.is_empty() {
        return skipped("tobj reads no triangle");
    }
    same_count(&mesh, corners.len() / 3)?;
    for (t, want) in corners.chunks_exact(3).enumerate() {
        let got = mesh.corners(t);
        if got[..] != *want {
            return Err(format!("triangle {t}: engine {got:?}, tobj {want:?}"));
        }
    }
    Ok(Outcome::Agreed(mesh.triangles.len()))
}
