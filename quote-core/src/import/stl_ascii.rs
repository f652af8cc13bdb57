//! ASCII STL: one or several `solid ... endsolid` blocks, tolerant of case, CRLF and tabs.

use super::text::{number, show, syntax, Tokens};
use super::weld::{Key64, Welder};
use super::{too_many, MAX_TRIANGLES};
use crate::{Mesh, QuoteError};

const FMT: &str = "STL";

fn is(tok: &[u8], word: &str) -> bool {
    tok.eq_ignore_ascii_case(word.as_bytes())
}

fn expect(t: &mut Tokens, word: &str) -> Result<(), QuoteError> {
    match t.next_token() {
        Some(tok) if is(tok, word) => Ok(()),
        Some(tok) => Err(syntax(
            FMT,
            t.line,
            format!("«\u{a0}{word}\u{a0}» attendu, trouvé {}", show(tok)),
        )),
        None => Err(syntax(
            FMT,
            t.line,
            format!("fin du fichier alors que «\u{a0}{word}\u{a0}» était attendu"),
        )),
    }
}

/// Reads every solid of an ASCII STL into one welded mesh. Polygons with more than three
/// vertices in a loop are triangulated as a fan.
pub(crate) fn read_ascii(bytes: &[u8]) -> Result<Mesh, QuoteError> {
    let mut t = Tokens::new(bytes);
    let mut welder = Welder::with_capacity(bytes.len() / 200 + 16);
    let mut triangles: Vec<[u32; 3]> = Vec::new();
    let mut solids = 0usize;
    while let Some(tok) = t.next_token() {
        if !is(tok, "solid") {
            return Err(syntax(
                FMT,
                t.line,
                format!("«\u{a0}solid\u{a0}» attendu, trouvé {}", show(tok)),
            ));
        }
        solids += 1;
        t.skip_line();
        // A missing final `endsolid` is common and harmless: the loop then ends the file.
        while let Some(tok) = t.next_token() {
            if is(tok, "endsolid") {
                t.skip_line();
                break;
            }
            if !is(tok, "facet") {
                return Err(syntax(
                    FMT,
                    t.line,
                    format!(
                        "«\u{a0}facet\u{a0}» ou «\u{a0}endsolid\u{a0}» attendu, trouvé {}",
                        show(tok)
                    ),
                ));
            }
            // The stored normal (`normal x y z`) is ignored: it is recomputed from the corners.
            let mut skipped = 0;
            loop {
                match t.next_token() {
                    Some(w) if is(w, "outer") => break,
                    Some(w) if skipped == 4 => {
                        let msg = format!("«\u{a0}outer\u{a0}» attendu, trouvé {}", show(w));
                        return Err(syntax(FMT, t.line, msg));
                    }
                    Some(_) => skipped += 1,
                    None => {
                        return Err(syntax(
                            FMT,
                            t.line,
                            "fin du fichier dans une facette".into(),
                        ))
                    }
                }
            }
            expect(&mut t, "loop")?;
            let mut corners: Vec<u32> = Vec::with_capacity(3);
            loop {
                match t.next_token() {
                    Some(w) if is(w, "vertex") => {
                        let line = t.line;
                        let p = [
                            number(FMT, t.next_token(), line)?,
                            number(FMT, t.next_token(), line)?,
                            number(FMT, t.next_token(), line)?,
                        ];
                        corners.push(welder.insert(Key64::new(p)));
                    }
                    Some(w) if is(w, "endloop") => break,
                    Some(w) => {
                        return Err(syntax(
                            FMT,
                            t.line,
                            format!("«\u{a0}vertex\u{a0}» attendu, trouvé {}", show(w)),
                        ))
                    }
                    None => {
                        return Err(syntax(
                            FMT,
                            t.line,
                            "fin du fichier dans une facette".into(),
                        ))
                    }
                }
            }
            if corners.len() < 3 {
                return Err(syntax(
                    FMT,
                    t.line,
                    format!("une facette a {} sommet(s), il en faut 3", corners.len()),
                ));
            }
            for k in 1..corners.len() - 1 {
                triangles.push([corners[0], corners[k], corners[k + 1]]);
            }
            if triangles.len() > MAX_TRIANGLES {
                return Err(too_many(triangles.len()));
            }
            expect(&mut t, "endfacet")?;
        }
    }
    if solids == 0 {
        return Err(syntax(
            FMT,
            t.line,
            "aucun «\u{a0}solid\u{a0}» dans le fichier".into(),
        ));
    }
    Ok(Mesh {
        vertices: welder.into_vertices(),
        triangles,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_SOLIDS: &str = "solid a\r\n facet normal 0 0 1\r\n  outer loop\r\n\tvertex 0 0 0\r\n   VERTEX 1 0 0\r\n vertex 0 1 0\r\n endloop\r\n endfacet\r\nendsolid a\r\nSOLID b\nfacet normal 0 0 0\nouter loop\nvertex 0 0 -0.0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\nendsolid\n";

    #[test]
    fn every_solid_of_a_multi_solid_file_is_read() {
        let m = read_ascii(TWO_SOLIDS.as_bytes()).unwrap();
        assert_eq!(m.triangles.len(), 2);
        assert_eq!(m.vertices.len(), 4);
        assert_eq!(m.triangles[1][0], 0);
    }

    #[test]
    fn a_bad_number_is_reported_with_its_line() {
        let bad = TWO_SOLIDS.replace("vertex 0 1 0\nvertex 0 0 1", "vertex 0 1 0\nvertex 0 x 1");
        let e = read_ascii(bad.as_bytes()).unwrap_err();
        assert_eq!(e.code(), "syntax_error");
        assert!(e.to_string().contains("ligne 15"), "{e}");
        assert!(e.to_string().contains("«\u{a0}x\u{a0}»"), "{e}");
    }

    #[test]
    fn infinite_coordinates_are_refused() {
        let bad = TWO_SOLIDS.replace("vertex 0 1 0\nvertex 0 0 1", "vertex 0 1 0\nvertex 0 inf 1");
        assert_eq!(
            read_ascii(bad.as_bytes()),
            Err(QuoteError::NonFiniteCoordinate)
        );
    }
}
