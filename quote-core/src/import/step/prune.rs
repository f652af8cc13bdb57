//! Which statements of the DATA section the reader needs, found lexically before the parser
//! runs: the parser builds about 500 bytes of tree an entity, so a file padded with hundreds of
//! thousands of points nothing refers to would cost seconds and hundreds of megabytes for
//! nothing.
//!
//! The reader looks entities up by name (solids, representations, relationships, contexts,
//! products: see `model/`) and reaches geometry and topology only through references. So every
//! statement holding a record of any other name than the geometric and topological ones of
//! [`REACHED_ONLY`] is a root, and what the roots refer to, directly or not, is kept; the rest
//! is never parsed. The walk is iterative and linear in the text kept.

use std::collections::HashMap;

/// Records the reader reaches only through a reference from another entity: points,
/// directions, placements, curves, surfaces and topology. A statement made only of these, that
/// nothing kept refers to, cannot change what the reader finds.
pub(super) const REACHED_ONLY: &[&str] = &[
    "CARTESIAN_POINT",
    "DIRECTION",
    "VECTOR",
    "AXIS1_PLACEMENT",
    "AXIS2_PLACEMENT_2D",
    "AXIS2_PLACEMENT_3D",
    "LINE",
    "CIRCLE",
    "ELLIPSE",
    "POLYLINE",
    "TRIMMED_CURVE",
    "COMPOSITE_CURVE",
    "COMPOSITE_CURVE_SEGMENT",
    "PCURVE",
    "SURFACE_CURVE",
    "SEAM_CURVE",
    "B_SPLINE_CURVE",
    "B_SPLINE_CURVE_WITH_KNOTS",
    "RATIONAL_B_SPLINE_CURVE",
    "BEZIER_CURVE",
    "UNIFORM_CURVE",
    "QUASI_UNIFORM_CURVE",
    "BOUNDED_CURVE",
    "CURVE",
    "PLANE",
    "CYLINDRICAL_SURFACE",
    "CONICAL_SURFACE",
    "SPHERICAL_SURFACE",
    "TOROIDAL_SURFACE",
    "SURFACE_OF_LINEAR_EXTRUSION",
    "SURFACE_OF_REVOLUTION",
    "B_SPLINE_SURFACE",
    "B_SPLINE_SURFACE_WITH_KNOTS",
    "RATIONAL_B_SPLINE_SURFACE",
    "BEZIER_SURFACE",
    "UNIFORM_SURFACE",
    "QUASI_UNIFORM_SURFACE",
    "BOUNDED_SURFACE",
    "SURFACE",
    "GEOMETRIC_REPRESENTATION_ITEM",
    "REPRESENTATION_ITEM",
    "VERTEX_POINT",
    "EDGE_CURVE",
    "ORIENTED_EDGE",
    "EDGE_LOOP",
    "VERTEX_LOOP",
    "POLY_LOOP",
    "FACE_BOUND",
    "FACE_OUTER_BOUND",
    "ADVANCED_FACE",
    "FACE_SURFACE",
    "ORIENTED_FACE",
];

/// What [`keep`] found.
pub struct Kept {
    /// For each statement, whether the reader needs it.
    pub keep: Vec<bool>,
    /// How many are kept.
    pub count: usize,
}

/// The statements (`#n=...;`, from [`super::scan::prescan`]: no blanks outside strings) the
/// reader needs: every root and what it refers to. A statement that does not start with
/// `#n=`, or whose id another statement also has, is kept for the parser and the model to judge
/// as before.
pub fn keep(statements: &[&str]) -> Kept {
    let mut index: HashMap<u64, usize> = HashMap::with_capacity(statements.len());
    let mut keep = vec![false; statements.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (i, s) in statements.iter().enumerate() {
        let Some((id, body)) = split_id(s) else {
            mark(i, &mut keep, &mut stack);
            continue;
        };
        if let Some(first) = index.insert(id, i) {
            mark(first, &mut keep, &mut stack);
            mark(i, &mut keep, &mut stack);
        }
        if !record_names(body).all(|n| REACHED_ONLY.contains(&n)) {
            mark(i, &mut keep, &mut stack);
        }
    }
    while let Some(i) = stack.pop() {
        let body = split_id(statements[i]).map_or(statements[i], |(_, b)| b);
        for r in references(body) {
            if let Some(&j) = index.get(&r) {
                mark(j, &mut keep, &mut stack);
            }
        }
    }
    let count = keep.iter().filter(|&&k| k).count();
    Kept { keep, count }
}

/// Keeps statement `i`, and queues it for the walk of its references.
fn mark(i: usize, keep: &mut [bool], stack: &mut Vec<usize>) {
    if !keep[i] {
        keep[i] = true;
        stack.push(i);
    }
}

/// `#n=body` into `n` and `body`.
fn split_id(stmt: &str) -> Option<(u64, &str)> {
    let rest = stmt.strip_prefix('#')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let id = rest[..digits].parse().ok()?;
    let body = rest[digits..].strip_prefix('=')?;
    Some((id, body))
}

/// The record names of a statement's body: `NAME(...)` for a simple instance, the names at
/// the first level of `(A(...)B(...))` for a complex one. An empty name (a body that is
/// neither) is yielded as "" and so makes a root.
fn record_names(body: &str) -> impl Iterator<Item = &str> {
    let b = body.as_bytes();
    let complex = b.first() == Some(&b'(');
    let mut names = Vec::new();
    if !complex {
        let end = b
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))
            .unwrap_or(b.len());
        names.push(&body[..end]);
    } else {
        let (mut depth, mut in_string, mut start) = (0usize, false, None);
        for (i, &c) in b.iter().enumerate() {
            match c {
                b'\'' => in_string = !in_string,
                _ if in_string => {}
                b'(' => {
                    if depth == 1 {
                        if let Some(s) = start.take() {
                            names.push(&body[s..i]);
                        }
                    }
                    depth += 1;
                }
                b')' => depth = depth.saturating_sub(1),
                c if depth == 1 && (c.is_ascii_alphanumeric() || c == b'_') => {
                    start.get_or_insert(i);
                }
                _ => start = None,
            }
        }
        if names.is_empty() {
            names.push("");
        }
    }
    names.into_iter()
}

/// The entity ids `#n` a statement's body refers to, outside strings.
fn references(body: &str) -> impl Iterator<Item = u64> + '_ {
    let b = body.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    std::iter::from_fn(move || {
        while i < b.len() {
            let c = b[i];
            i += 1;
            match c {
                b'\'' => in_string = !in_string,
                b'#' if !in_string => {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    if let Ok(id) = body[start..i].parse() {
                        return Some(id);
                    }
                }
                _ => {}
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(statements: &[&str]) -> Vec<usize> {
        let k = keep(statements);
        assert_eq!(k.count, k.keep.iter().filter(|&&x| x).count());
        (0..statements.len()).filter(|&i| k.keep[i]).collect()
    }

    #[test]
    fn keeps_the_roots_and_what_they_refer_to_through_any_chain() {
        let s = [
            "#1=CARTESIAN_POINT('',(0.,0.,0.))",
            "#2=CARTESIAN_POINT('#3',(1.,0.,0.))",
            "#3=DIRECTION('',(0.,0.,1.))",
            "#4=AXIS2_PLACEMENT_3D('',#1,#3,$)",
            "#5=PLANE('',#4)",
            "#6=MANIFOLD_SOLID_BREP('',#7)",
            "#7=CLOSED_SHELL('',(#5))",
            "#8=VERTEX_POINT('',#2)",
        ];
        // #2 is named '#3' in a string and referred to only by the unreferenced vertex #8.
        assert_eq!(kept(&s), vec![0, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn a_complex_instance_is_a_root_unless_every_record_is_geometry() {
        let s = [
            "#1=(LENGTH_UNIT()NAMED_UNIT(*)SI_UNIT(.MILLI.,.METRE.))",
            "#2=(BOUNDED_CURVE()B_SPLINE_CURVE(1,(#3,#4),.UNSPECIFIED.,.F.,.F.)CURVE())",
            "#3=CARTESIAN_POINT('',(0.,0.,0.))",
            "#4=CARTESIAN_POINT('',(1.,0.,0.))",
        ];
        assert_eq!(kept(&s), vec![0]);
    }

    #[test]
    fn odd_statements_and_twice_defined_ids_are_left_to_the_parser() {
        let s = [
            "#1=CARTESIAN_POINT('',(0.,0.,0.))",
            "#1=CARTESIAN_POINT('',(1.,0.,0.))",
            "garbage",
            "#2=",
            "#3=CARTESIAN_POINT('',(0.,0.,0.))",
        ];
        assert_eq!(kept(&s), vec![0, 1, 2, 3]);
    }
}
