//! Wavefront OBJ: vertices and faces of every object and group, polygons as triangle fans.
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

/// Reads an OBJ file into one welded mesh.
pub(crate) fn read_obj(bytes: &[u8]) -> Result<Mesh, QuoteError> {
    let mut positions: Vec<[f64; 3]> = Vec::new();
    // Corners as (0-based file index, index as written) for the error message.
    let mut corners: Vec<(i64, i64)> = Vec::new();
    let mut face: Vec<(i64, i64)> = Vec::new();
    for (n, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = n + 1;
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
                    return Err(syntax(
                        FMT,
                        line,
                        format!("une face a {} sommet(s), il en faut au moins 3", face.len()),
                    ));
                }
                for k in 1..face.len() - 1 {
                    corners.extend_from_slice(&[face[0], face[k], face[k + 1]]);
                }
                if corners.len() / 3 > MAX_TRIANGLES {
                    return Err(too_many(corners.len() / 3));
                }
            }
            // Texture coordinates, normals, lines, points, groups, objects, materials and
            // smoothing groups carry nothing the quote needs.
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
    Ok(Mesh {
        vertices: welder.into_vertices(),
        triangles,
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
    fn a_file_of_lines_only_has_no_mesh() {
        assert_eq!(
            read_obj(b"v 0 0 0\nv 1 0 0\nl 1 2\n"),
            Err(QuoteError::NoMesh)
        );
    }
}
