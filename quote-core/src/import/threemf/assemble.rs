//! Turns the parsed 3MF model into one mesh: build items, components and their transforms,
//! then the unit scale to millimetres. With the production extension, an item or component may
//! name another model part (`p:path`): its object is looked up there, and the components of that
//! object refer to that same part unless they name another.

use std::collections::HashMap;

use super::model::spec;
use crate::import::weld::{Key64, Welder, MAX_VERTICES};
use crate::import::{check_coord, too_many, MAX_TRIANGLES};
use crate::{error::fr_int, Mesh, QuoteError};

/// A 3MF transform "m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32": points are row vectors,
/// `p' = [x y z 1] * M`, the last row being the translation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Affine(pub [f64; 12]);

impl Affine {
    pub const IDENTITY: Affine =
        Affine([1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);

    /// Parses the 12 numbers of a `transform` attribute (finite only).
    pub fn parse(text: &str) -> Option<Affine> {
        let mut m = [0.0; 12];
        let mut parts = text.split_ascii_whitespace();
        for v in &mut m {
            *v = parts.next()?.parse().ok().filter(|x: &f64| x.is_finite())?;
        }
        parts.next().is_none().then_some(Affine(m))
    }

    #[inline]
    pub fn apply(&self, p: [f64; 3]) -> [f64; 3] {
        let m = &self.0;
        [0, 1, 2].map(|k| p[0] * m[k] + p[1] * m[3 + k] + p[2] * m[6 + k] + m[9 + k])
    }

    /// `self` first, then `then`.
    pub fn then(&self, then: &Affine) -> Affine {
        let (a, b) = (&self.0, &then.0);
        let mut m = [0.0; 12];
        for row in 0..4 {
            for col in 0..3 {
                let mut v =
                    a[row * 3] * b[col] + a[row * 3 + 1] * b[3 + col] + a[row * 3 + 2] * b[6 + col];
                if row == 3 {
                    v += b[9 + col];
                }
                m[row * 3 + col] = v;
            }
        }
        Affine(m)
    }

    /// Whether the transform mirrors (negative determinant): triangles must then be reversed
    /// to keep their normals outward.
    pub fn mirrors(&self) -> bool {
        let m = &self.0;
        let det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6]);
        det < 0.0
    }
}

/// A reference to an object with a transform (a component or a build item).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Component {
    pub object_id: u32,
    pub transform: Affine,
    /// The model part holding the object (production extension), `None` for the same part.
    pub path: Option<String>,
}

/// One `<object>`.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Object {
    pub id: u32,
    pub vertices: Vec<[f64; 3]>,
    pub triangles: Vec<[u32; 3]>,
    pub components: Vec<Component>,
    pub has_mesh: bool,
}

/// The parsed model part.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Model {
    /// Millimetres per model unit.
    pub unit_mm: f64,
    pub objects: Vec<Object>,
    pub items: Vec<Component>,
}

impl Default for Model {
    fn default() -> Self {
        Model {
            unit_mm: 1.0,
            objects: Vec::new(),
            items: Vec::new(),
        }
    }
}

/// Components may nest; deeper than this is refused (and breaks reference cycles).
const MAX_DEPTH: usize = 32;
/// Bound on instancing work (objects placed plus their vertices and triangles), so that a
/// small file of nested components cannot make us loop for hours.
const MAX_WORK: u64 = 200_000_000;

/// A part's name as OPC names compare: without the leading slash, in lower case.
pub(crate) fn part_key(path: &str) -> String {
    path.trim_start_matches('/').to_ascii_lowercase()
}

struct Builder<'a> {
    /// Objects by model part (0 the root, then `parts` in order) and id.
    objects: HashMap<(usize, u32), &'a Object>,
    /// Model parts other than the root, by [`part_key`], with their number.
    parts: HashMap<String, usize>,
    welder: Welder<Key64>,
    triangles: Vec<[u32; 3]>,
    remap: Vec<u32>,
    unit_mm: f64,
    work: u64,
}

impl Builder<'_> {
    /// The part a reference from `part` points to.
    fn part_of(&self, part: usize, c: &Component) -> Result<usize, QuoteError> {
        match &c.path {
            None => Ok(part),
            Some(p) => self.parts.get(&part_key(p)).copied().ok_or_else(|| {
                spec(format!(
                    "la partie «\u{a0}{p}\u{a0}» désignée par p:path est absente"
                ))
            }),
        }
    }

    fn add(&mut self, part: usize, id: u32, t: &Affine, depth: usize) -> Result<(), QuoteError> {
        if depth > MAX_DEPTH {
            return Err(spec(format!(
                "composants imbriqués sur plus de {MAX_DEPTH} niveaux (ou cycle de références)"
            )));
        }
        let o = *self
            .objects
            .get(&(part, id))
            .ok_or_else(|| spec(format!("référence à l'objet {id}, qui n'existe pas")))?;
        self.work += 1 + o.vertices.len() as u64 + o.triangles.len() as u64;
        if self.work > MAX_WORK {
            return Err(spec(
                "les composants répètent les objets trop de fois pour être traités",
            ));
        }
        if self.triangles.len() + o.triangles.len() > MAX_TRIANGLES {
            return Err(too_many(self.triangles.len() + o.triangles.len()));
        }
        vertex_room(self.welder.len(), o.vertices.len())?;
        self.remap.clear();
        for &p in &o.vertices {
            let q = t.apply(p).map(|c| c * self.unit_mm);
            for c in q {
                check_coord(c / self.unit_mm)?;
            }
            self.remap.push(self.welder.insert(Key64::new(q)));
        }
        let flip = t.mirrors();
        for &[a, b, c] in &o.triangles {
            let get = |i: u32| {
                self.remap
                    .get(i as usize)
                    .copied()
                    .ok_or(QuoteError::InvalidIndex { index: i as i64 })
            };
            let (a, b, c) = (get(a)?, get(b)?, get(c)?);
            self.triangles
                .push(if flip { [a, c, b] } else { [a, b, c] });
        }
        for c in &o.components {
            let p = self.part_of(part, c)?;
            self.add(p, c.object_id, &c.transform.then(t), depth + 1)?;
        }
        Ok(())
    }
}

/// Builds the mesh of every build item.
/// Refuses to weld `more` vertices after `welded` when the welder might pass its index limit
/// (a bound on the distinct vertices: some of the new ones may weld onto earlier ones).
fn vertex_room(welded: usize, more: usize) -> Result<(), QuoteError> {
    if welded + more > MAX_VERTICES {
        return Err(spec(format!(
            "le modèle compte plus de {} sommets une fois les composants placés",
            fr_int(MAX_VERTICES as u64)
        )));
    }
    Ok(())
}

/// Builds the mesh of every build item of the root `model`; `parts` are the other model parts
/// its `p:path` references name (by [`part_key`]).
pub(crate) fn assemble(model: &Model, parts: &[(String, Model)]) -> Result<Mesh, QuoteError> {
    let mut objects = HashMap::with_capacity(model.objects.len());
    let all = std::iter::once(model).chain(parts.iter().map(|(_, m)| m));
    for (part, m) in all.clone().enumerate() {
        for o in &m.objects {
            if objects.insert((part, o.id), o).is_some() {
                return Err(spec(format!("deux objets portent l'identifiant {}", o.id)));
            }
            if !o.has_mesh && o.components.is_empty() {
                return Err(spec(format!(
                    "l'objet {} n'a ni maillage ni composants",
                    o.id
                )));
            }
        }
    }
    let vertices: usize = all.flat_map(|m| &m.objects).map(|o| o.vertices.len()).sum();
    let mut b = Builder {
        objects,
        parts: parts
            .iter()
            .enumerate()
            .map(|(i, (name, _))| (part_key(name), i + 1))
            .collect(),
        welder: Welder::with_capacity(vertices),
        triangles: Vec::new(),
        remap: Vec::new(),
        unit_mm: model.unit_mm,
        work: 0,
    };
    for item in &model.items {
        let p = b.part_of(0, item)?;
        b.add(p, item.object_id, &item.transform, 0)?;
    }
    // Keep only the vertices that triangles use, so the box is that of the printed part.
    let used: Vec<[f64; 3]> = b.welder.into_vertices();
    let mut keep = vec![u32::MAX; used.len()];
    let mut vertices = Vec::new();
    let mut triangles = b.triangles;
    for t in &mut triangles {
        for v in t.iter_mut() {
            if keep[*v as usize] == u32::MAX {
                keep[*v as usize] = vertices.len() as u32;
                vertices.push(used[*v as usize]);
            }
            *v = keep[*v as usize];
        }
    }
    if triangles.is_empty() {
        return Err(QuoteError::NoMesh);
    }
    Ok(Mesh {
        vertices,
        triangles,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placed_vertices_beyond_the_welder_limit_are_refused_in_french() {
        assert!(vertex_room(MAX_VERTICES - 5, 5).is_ok());
        let e = vertex_room(MAX_VERTICES - 5, 6).unwrap_err();
        assert!(
            e.to_string().contains("67\u{202f}108\u{202f}862 sommets"),
            "{e}"
        );
    }

    #[test]
    fn transforms_use_row_vectors_and_compose_in_order() {
        let t = Affine::parse("0 1 0 -1 0 0 0 0 1 10 20 30").unwrap(); // rotate 90° about z, move
        assert_eq!(t.apply([1.0, 0.0, 0.0]), [10.0, 21.0, 30.0]);
        let s = Affine::parse("2 0 0 0 2 0 0 0 2 0 0 0").unwrap();
        assert_eq!(s.then(&t).apply([1.0, 0.0, 0.0]), [10.0, 22.0, 30.0]);
        assert!(!t.mirrors());
        assert!(Affine::parse("-1 0 0 0 1 0 0 0 1 0 0 0").unwrap().mirrors());
        assert_eq!(Affine::parse("1 0 0"), None);
        assert_eq!(Affine::parse("1 0 0 0 1 0 0 0 1 0 0 nan"), None);
    }
}
