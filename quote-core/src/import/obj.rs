//! Wavefront OBJ: vertices and faces of every object and group, polygons as triangle fans.
//!
//! Read as exporters write it: a `\` at the end of a line continues it on the next one; faces
//! of fewer than three vertices and `l` (line) and `p` (point) elements are skipped, with a
//! French warning saying how many, instead of refusing the file.
//!
//! Hand-written rather than `tobj`: we need the offending index and line in errors, relative
//! (negative) indices, faces of every object merged into one mesh welded by exact position,
//! and nothing of materials or texture coordinates.

use super::text::{number, show, syntax};
use super::weld::{Key64, Welder};
use super::{too_many, MAX_TRIANGLES};
use crate::{Mesh, QuoteError};

const FMT: &str = "OBJ";

/// Resolves a face corner (`7`, `7/1`, `-2//3`...) to a 0-based index into the vertices read
/// so far; positive indices may point forward and are checked at the end.
fn corner(tok: &[u8], count: usize, line: usize) -> Result<(i64, i64), QuoteError> {
    let head = tok.split(|&b| b == b'/').next().unwrap_or(tok);
    let index: i64 = std::str::from_utf8(head)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| {
            syntax(
                FMT,
                line,
                format!("indice de sommet invalide {}", show(tok)),
            )
        })?;
    match index {
        0 => Err(QuoteError::InvalidIndex { index }),
        i if i > 0 => Ok((i - 1, i)),
        i => {
            let abs = count as i64 + i;
            if abs < 0 {
                Err(QuoteError::InvalidIndex { index })
            } else {
                Ok((abs, i))
            }
        }
    }
}

/// Logical lines of an OBJ file with the number of their first physical line: a line ending in
/// `\` (spaces and a carriage return after it allowed) goes on on the next one.
fn logical_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, std::borrow::Cow<'_, [u8]>)> {
    let mut physical = bytes.split(|&b| b == b'\n').enumerate();
    std::iter::from_fn(move || {
        let (n, first) = physical.next()?;
        let continued = |l: &[u8]| l.trim_ascii_end().ends_with(b"\\");
        if !continued(first) {
            return Some((n + 1, std::borrow::Cow::Borrowed(first)));
        }
        let mut joined = Vec::new();
        let mut part = first;
        loop {
            let body = part.trim_ascii_end();
            if let Some(head) = body.strip_suffix(b"\\") {
                joined.extend_from_slice(head);
                joined.push(b' ');
                match physical.next() {
                    Some((_, next)) => part = next,
                    None => break,
                }
            } else {
                joined.extend_from_slice(part);
                break;
            }
        }
        Some((n + 1, std::borrow::Cow::Owned(joined)))
    })
}

/// An OBJ file's mesh and what was skipped in it.
#[derive(Debug)]
pub(crate) struct ObjRead {
    /// The welded mesh.
    pub mesh: Mesh,
    /// Faces of fewer than three vertices, skipped.
    pub short_faces: usize,
    /// `l` and `p` elements, skipped.
    pub lines_and_points: usize,
}

/// Reads an OBJ file into one welded mesh.
#[cfg(test)]
pub(crate) fn read_obj(bytes: &[u8]) -> Result<Mesh, QuoteError> {
    read_obj_noting(bytes).map(|r| r.mesh)
}

/// Reads an OBJ file into one welded mesh, counting what it skips.
pub(crate) fn read_obj_noting(bytes: &[u8]) -> Result<ObjRead, QuoteError> {
    let mut positions: Vec<[f64; 3]> = Vec::new();
    // Corners as (0-based file index, index as written) for the error message.
    let mut corners: Vec<(i64, i64)> = Vec::new();
    let mut face: Vec<(i64, i64)> = Vec::new();
    let (mut short_faces, mut lines_and_points) = (0, 0);
    for (line, raw) in logical_lines(bytes) {
        let mut toks = raw
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty());
        match toks.next() {
            Some(b"v") => {
                let p = [
                    number(FMT, toks.next(), line)?,
                    number(FMT, toks.next(), line)?,
                    number(FMT, toks.next(), line)?,
                ];
                positions.push(p);
            }
            Some(b"f") | Some(b"fo") => {
                face.clear();
                for tok in toks {
                    face.push(corner(tok, positions.len(), line)?);
                }
                if face.len() < 3 {
                    short_faces += 1;
                    continue;
                }
                for k in 1..face.len() - 1 {
                    corners.extend_from_slice(&[face[0], face[k], face[k + 1]]);
                }
                if corners.len() / 3 > MAX_TRIANGLES {
                    return Err(too_many(corners.len() / 3));
                }
            }
            Some(b"l") | Some(b"p") => lines_and_points += 1,
            // Texture coordinates, normals, groups, objects, materials and smoothing groups
            // carry nothing the quote needs.
            _ => {}
        }
    }
    if corners.is_empty() {
        return Err(QuoteError::NoMesh);
    }
    let mut remap = vec![u32::MAX; positions.len()];
    let mut welder = Welder::with_capacity(positions.len().min(corners.len()));
    let mut triangles = Vec::with_capacity(corners.len() / 3);
    let mut tri = [0u32; 3];
    for (k, &(abs, written)) in corners.iter().enumerate() {
        let i = usize::try_from(abs)
            .ok()
            .filter(|&i| i < positions.len())
            .ok_or(QuoteError::InvalidIndex { index: written })?;
        if remap[i] == u32::MAX {
            remap[i] = welder.insert(Key64::new(positions[i]));
        }
        tri[k % 3] = remap[i];
        if k % 3 == 2 {
            triangles.push(tri);
        }
    }
    Ok(ObjRead {
        mesh: Mesh {
            vertices: welder.into_vertices(),
            triangles,
        },
        short_faces,
        lines_and_points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quads_ngons_and_negative_indices_become_triangles() {
        let src = "o a\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0 1.0\nf 1/1/1 2/2/2 3/3/3 4/4/4\ng b\nv 0 0 1 0.5 0.5 0.5\nf -5 -4 -1\nf 1 2 3 4 5\n";
        let m = read_obj(src.as_bytes()).unwrap();
        assert_eq!(m.triangles.len(), 2 + 1 + 3);
        assert_eq!(m.vertices.len(), 5);
        assert_eq!(m.triangles[2], [0, 1, 4]);
    }

    #[test]
    fn an_index_past_the_vertices_is_refused() {
        let e = read_obj(b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n").unwrap_err();
        assert_eq!(e, QuoteError::InvalidIndex { index: 9 });
        let e = read_obj(b"v 0 0 0\nf -1 -2 -3\n").unwrap_err();
        assert_eq!(e, QuoteError::InvalidIndex { index: -2 });
    }

    #[test]
    fn a_backslash_continues_a_line() {
        let src = "v 0 0 \\\n 0\nv 1 0 0\r\nv 0 1 \\ \r\n0\nf 1 \\\n2 \\\n 3\nf 1 2 9\n";
        let e = read_obj_noting(src.as_bytes()).unwrap_err();
        // The error's line is the first of its logical line: the lines joined still count.
        assert_eq!(e, QuoteError::InvalidIndex { index: 9 });
        let ok = "v 0 0 \\\n 0\nv 1 0 0\r\nv 0 1 \\ \r\n0\nf 1 \\\n2 \\\n 3\n";
        let r = read_obj_noting(ok.as_bytes()).unwrap();
        assert_eq!(
            r.mesh.vertices,
            vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
        );
        assert_eq!(r.mesh.triangles, vec![[0, 1, 2]]);
        let bad = read_obj_noting(b"v 0 0\n0\n").unwrap_err();
        assert!(matches!(bad, QuoteError::Syntax { line: 1, .. }), "{bad:?}");
        let joined = read_obj_noting(b"v 1 2 3\nv 0 0 0\nv 0 1 0\nf 1 2 \\\n\nf 1 2 3\n").unwrap();
        assert_eq!(joined.short_faces, 1);
    }

    #[test]
    fn short_faces_lines_and_points_are_skipped_and_counted() {
        let src = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\nf 1\nl 1 2 3\np 1\nf 1 2 3\n";
        let r = read_obj_noting(src.as_bytes()).unwrap();
        assert_eq!(r.mesh.triangles.len(), 1);
        assert_eq!((r.short_faces, r.lines_and_points), (2, 2));
    }

    #[test]
    fn a_file_of_lines_only_has_no_mesh() {
        assert_eq!(
            read_obj(b"v 0 0 0\nv 1 0 0\nl 1 2\n"),
            Err(QuoteError::NoMesh)
        );
    }
}
