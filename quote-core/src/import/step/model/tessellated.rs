//! AP242 tessellated solids (TESSELLATED_SOLID), read as triangles without truck.

use std::collections::BTreeMap;

use truck_stepio::r#in::ruststep::ast::Parameter;

use super::{as_int, as_list, as_real, as_ref, invalid, params, Model, SolidRef};
use crate::import::step::too_complex;
use crate::import::MAX_COORDINATE;
use crate::QuoteError;

/// Points and triangles read from a tessellated solid.
pub type TriangleSoup = (Vec<[f64; 3]>, Vec<[u32; 3]>);

impl<'a> Model<'a> {
    /// The TESSELLATED_SOLID entities (AP242 tessellated geometry), as solids without shells:
    /// read only when the file has no B-rep solid, as OpenCascade does.
    pub fn tessellated_solids(&self) -> BTreeMap<u64, SolidRef> {
        self.all("TESSELLATED_SOLID")
            .map(|(id, _)| {
                (
                    id,
                    SolidRef {
                        id,
                        shells: Vec::new(),
                    },
                )
            })
            .collect()
    }

    /// Whether `id` is a TESSELLATED_SOLID.
    pub fn is_tessellated(&self, id: u64) -> bool {
        self.record(id, "TESSELLATED_SOLID").is_some()
    }

    /// The triangles of a TESSELLATED_SOLID in the file's unit: its TRIANGULATED_FACE and
    /// COMPLEX_TRIANGULATED_FACE items, strips and fans expanded, points shared through their
    /// COORDINATES_LIST. At most `max_triangles`.
    pub fn tessellated_triangles(
        &self,
        id: u64,
        max_triangles: usize,
    ) -> Result<TriangleSoup, QuoteError> {
        let bad = |what: &str| invalid(format!("la face tessellée #{what} est illisible"));
        let items = self
            .record(id, "TESSELLATED_SOLID")
            .and_then(|r| params(r).get(1))
            .and_then(as_list)
            .unwrap_or(&[]);
        let mut vertices: Vec<[f64; 3]> = Vec::new();
        // (COORDINATES_LIST, 1-based index) -> vertex.
        let mut index: BTreeMap<(u64, usize), u32> = BTreeMap::new();
        let mut lists: BTreeMap<u64, Vec<[f64; 3]>> = BTreeMap::new();
        let mut triangles: Vec<[u32; 3]> = Vec::new();
        for face in items.iter().filter_map(as_ref) {
            let (record, complex) = match (
                self.record(face, "TRIANGULATED_FACE"),
                self.record(face, "COMPLEX_TRIANGULATED_FACE"),
            ) {
                (Some(r), _) => (r, false),
                (None, Some(r)) => (r, true),
                // Tessellated edges and vertices hold no area.
                _ => continue,
            };
            let p = params(record);
            let coords = p
                .get(1)
                .and_then(as_ref)
                .ok_or_else(|| bad(&face.to_string()))?;
            if let std::collections::btree_map::Entry::Vacant(slot) = lists.entry(coords) {
                let list = self.coordinates_list(coords);
                slot.insert(list.ok_or_else(|| bad(&face.to_string()))?);
            }
            let pts = &lists[&coords];
            let pnindex: Vec<usize> = p
                .get(5)
                .and_then(as_list)
                .unwrap_or(&[])
                .iter()
                .filter_map(as_int)
                .map(|i| i.max(0) as usize)
                .collect();
            // Local 1-based index -> vertex of the mesh.
            let mut vertex = |local: i64| -> Option<u32> {
                let local = usize::try_from(local).ok()?;
                let k = if pnindex.is_empty() {
                    local
                } else {
                    *pnindex.get(local.checked_sub(1)?)?
                };
                let xyz = *pts.get(k.checked_sub(1)?)?;
                Some(*index.entry((coords, k)).or_insert_with(|| {
                    vertices.push(xyz);
                    (vertices.len() - 1) as u32
                }))
            };
            let tris = local_triangles(p, complex);
            for t in tris {
                let (Some(a), Some(b), Some(c)) = (vertex(t[0]), vertex(t[1]), vertex(t[2])) else {
                    return Err(bad(&face.to_string()));
                };
                if a == b || b == c || a == c {
                    continue;
                }
                triangles.push([a, b, c]);
                if triangles.len() > max_triangles {
                    return Err(too_complex(format!(
                        "plus de {} triangles",
                        crate::fr_int(max_triangles as u64)
                    )));
                }
            }
        }
        Ok((vertices, triangles))
    }

    /// The points of a COORDINATES_LIST; `None` when one is unreadable, not finite or out of
    /// bounds.
    fn coordinates_list(&self, coords: u64) -> Option<Vec<[f64; 3]>> {
        let r = self.record(coords, "COORDINATES_LIST")?;
        let pts = params(r).get(2).and_then(as_list).unwrap_or(&[]);
        let mut out = Vec::with_capacity(pts.len());
        for q in pts {
            let c = as_list(q)?;
            let mut xyz = [0.0; 3];
            for (k, v) in c.iter().take(3).enumerate() {
                xyz[k] = as_real(v).filter(|x| x.is_finite() && x.abs() <= MAX_COORDINATE)?;
            }
            out.push(xyz);
        }
        Some(out)
    }
}

/// A tessellated face's triangles as local 1-based indices: a TRIANGULATED_FACE's as listed, a
/// COMPLEX_TRIANGULATED_FACE's strips and fans expanded.
fn local_triangles(p: &[Parameter], complex: bool) -> Vec<[i64; 3]> {
    let mut tris: Vec<[i64; 3]> = Vec::new();
    let lists_of = |k: usize| -> Vec<Vec<i64>> {
        p.get(k)
            .and_then(as_list)
            .unwrap_or(&[])
            .iter()
            .map(|l| {
                as_list(l)
                    .unwrap_or(&[])
                    .iter()
                    .filter_map(as_int)
                    .collect()
            })
            .collect()
    };
    if complex {
        for strip in lists_of(6) {
            for k in 0..strip.len().saturating_sub(2) {
                let (a, b, c) = (strip[k], strip[k + 1], strip[k + 2]);
                tris.push(if k % 2 == 0 { [a, b, c] } else { [b, a, c] });
            }
        }
        for fan in lists_of(7) {
            for k in 1..fan.len().saturating_sub(1) {
                tris.push([fan[0], fan[k], fan[k + 1]]);
            }
        }
    } else {
        for t in lists_of(6) {
            if t.len() == 3 {
                tris.push([t[0], t[1], t[2]]);
            }
        }
    }
    tris
}
