//! What the engine reads from a STEP file's entity graph on its own, before and around truck:
//! the solids, the length unit of each representation, the assembly placements (nested
//! products, mapped items), and a validation of the entities truck would otherwise panic on.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use truck_stepio::r#in::ruststep::ast::{DataSection, EntityInstance, Name, Parameter, Record};

use super::{invalid, too_complex};
use crate::import::MAX_COORDINATE;
use crate::QuoteError;

/// Most placed solids (instances) in one file.
pub const MAX_INSTANCES: usize = 10_000;
/// Deepest nesting of assemblies followed.
const MAX_ASSEMBLY_DEPTH: usize = 24;
/// Highest B-spline degree accepted (CAD systems write up to 9 or so).
const MAX_DEGREE: i64 = 25;

/// An affine map `p -> m p + t`, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Affine {
    /// Rows of the linear part.
    pub m: [[f64; 3]; 3],
    /// Translation, mm.
    pub t: [f64; 3],
}

impl Affine {
    pub const IDENTITY: Affine = Affine {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        t: [0.0; 3],
    };

    pub fn apply(&self, p: [f64; 3]) -> [f64; 3] {
        let mut out = self.t;
        for (r, o) in out.iter_mut().enumerate() {
            *o += self.m[r][0] * p[0] + self.m[r][1] * p[1] + self.m[r][2] * p[2];
        }
        out
    }

    /// `self ∘ other`: applies `other` first.
    pub fn then_after(&self, other: &Affine) -> Affine {
        let mut m = [[0.0; 3]; 3];
        for (r, row) in m.iter_mut().enumerate() {
            for (c, v) in row.iter_mut().enumerate() {
                *v = self.m[r][0] * other.m[0][c]
                    + self.m[r][1] * other.m[1][c]
                    + self.m[r][2] * other.m[2][c];
            }
        }
        let t = self.apply(other.t);
        Affine { m, t }
    }

    /// The inverse of a rigid placement (orthonormal linear part).
    pub fn rigid_inverse(&self) -> Affine {
        let mut m = [[0.0; 3]; 3];
        for (r, row) in m.iter_mut().enumerate() {
            for (c, v) in row.iter_mut().enumerate() {
                *v = self.m[c][r];
            }
        }
        let neg = Affine { m, t: [0.0; 3] }.apply(self.t);
        Affine {
            m,
            t: [-neg[0], -neg[1], -neg[2]],
        }
    }

    /// Whether the linear part reverses orientation (a mirror).
    pub fn mirrors(&self) -> bool {
        let m = &self.m;
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        det < 0.0
    }
}

/// Points and triangles read from a tessellated solid.
pub type TriangleSoup = (Vec<[f64; 3]>, Vec<[u32; 3]>);

/// A solid to tessellate: its shells, in the unit of the representation holding it.
#[derive(Debug, Clone, PartialEq)]
pub struct SolidRef {
    /// The MANIFOLD_SOLID_BREP or BREP_WITH_VOIDS entity.
    pub id: u64,
    /// Outer shell first, then voids (CLOSED_SHELL entities).
    pub shells: Vec<u64>,
}

/// One placed copy of a solid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Instance {
    /// The solid entity.
    pub solid: u64,
    /// Millimetres per unit of the solid's own coordinates.
    pub unit_mm: f64,
    /// From the solid's coordinates scaled to mm, to the file's root, mm.
    pub place: Affine,
}

/// The entity graph, indexed by instance name.
pub struct Model<'a> {
    ents: HashMap<u64, &'a EntityInstance>,
    /// Every id in file order of names (sorted), for deterministic walks.
    ids: Vec<u64>,
}

fn params(r: &Record) -> &[Parameter] {
    match &r.parameter {
        Parameter::List(v) => v,
        _ => &[],
    }
}

fn as_ref(p: &Parameter) -> Option<u64> {
    match p {
        Parameter::Ref(Name::Entity(id)) => Some(*id),
        _ => None,
    }
}

fn as_real(p: &Parameter) -> Option<f64> {
    match p {
        Parameter::Real(x) => Some(*x),
        Parameter::Integer(i) => Some(*i as f64),
        Parameter::Typed { parameter, .. } => as_real(parameter),
        _ => None,
    }
}

fn as_int(p: &Parameter) -> Option<i64> {
    match p {
        Parameter::Integer(i) => Some(*i),
        Parameter::Typed { parameter, .. } => as_int(parameter),
        _ => None,
    }
}

fn as_list(p: &Parameter) -> Option<&[Parameter]> {
    match p {
        Parameter::List(v) => Some(v),
        _ => None,
    }
}

fn as_enum(p: &Parameter) -> Option<&str> {
    match p {
        Parameter::Enumeration(e) => Some(e),
        _ => None,
    }
}

/// The name of the SI prefix's factor.
fn si_prefix(p: Option<&str>) -> Option<f64> {
    Some(match p {
        None => 1.0,
        Some("EXA") => 1e18,
        Some("PETA") => 1e15,
        Some("TERA") => 1e12,
        Some("GIGA") => 1e9,
        Some("MEGA") => 1e6,
        Some("KILO") => 1e3,
        Some("HECTO") => 1e2,
        Some("DECA") => 1e1,
        Some("DECI") => 1e-1,
        Some("CENTI") => 1e-2,
        Some("MILLI") => 1e-3,
        Some("MICRO") => 1e-6,
        Some("NANO") => 1e-9,
        Some("PICO") => 1e-12,
        Some(_) => return None,
    })
}

impl<'a> Model<'a> {
    pub fn new(data: &'a DataSection) -> Result<Model<'a>, QuoteError> {
        let mut ents = HashMap::with_capacity(data.entities.len());
        for e in &data.entities {
            let id = match e {
                EntityInstance::Simple { id, .. } | EntityInstance::Complex { id, .. } => *id,
            };
            if ents.insert(id, e).is_some() {
                return Err(invalid(format!("l'entité #{id} est définie deux fois")));
            }
        }
        let mut ids: Vec<u64> = ents.keys().copied().collect();
        ids.sort_unstable();
        Ok(Model { ents, ids })
    }

    /// The records of an entity: one for a simple instance, several for a complex one.
    fn records(&self, id: u64) -> &'a [Record] {
        match self.ents.get(&id) {
            Some(EntityInstance::Simple { record, .. }) => std::slice::from_ref(record),
            Some(EntityInstance::Complex { subsuper, .. }) => &subsuper.0,
            None => &[],
        }
    }

    /// The record named `name` of entity `id` (simple, or part of a complex instance).
    fn record(&self, id: u64, name: &str) -> Option<&'a Record> {
        self.records(id).iter().find(|r| r.name == name)
    }

    /// The name of a simple entity, "" for a complex or missing one.
    fn simple_name(&self, id: u64) -> &'a str {
        match self.ents.get(&id) {
            Some(EntityInstance::Simple { record, .. }) => &record.name,
            _ => "",
        }
    }

    /// Every entity holding a record named `name`, in id order.
    fn all(&self, name: &'a str) -> impl Iterator<Item = (u64, &'a Record)> + '_ {
        self.ids
            .iter()
            .filter_map(move |&id| self.record(id, name).map(|r| (id, r)))
    }

    /// Whether some entity holds a record of that name.
    pub fn has(&self, name: &str) -> bool {
        self.ids.iter().any(|&id| self.record(id, name).is_some())
    }

    // ----- solids -----

    /// The solids of the file (MANIFOLD_SOLID_BREP, BREP_WITH_VOIDS), in id order.
    pub fn solids(&self) -> Result<BTreeMap<u64, SolidRef>, QuoteError> {
        let mut out = BTreeMap::new();
        for (id, r) in self.all("MANIFOLD_SOLID_BREP") {
            let outer = params(r).get(1).and_then(as_ref);
            let shell = outer.and_then(|s| self.closed_shell(s));
            let shell = shell
                .ok_or_else(|| invalid(format!("le solide #{id} n'a pas d'enveloppe fermée")))?;
            out.insert(
                id,
                SolidRef {
                    id,
                    shells: vec![shell],
                },
            );
        }
        for (id, r) in self.all("BREP_WITH_VOIDS") {
            // A complex or simple instance: the outer shell is in MANIFOLD_SOLID_BREP's record
            // when complex (already read), in the second parameter when simple.
            let mut shells = match out.get(&id) {
                Some(s) => s.shells.clone(),
                None => {
                    let outer = params(r)
                        .get(1)
                        .and_then(as_ref)
                        .and_then(|s| self.closed_shell(s));
                    vec![outer.ok_or_else(|| {
                        invalid(format!("le solide #{id} n'a pas d'enveloppe fermée"))
                    })?]
                }
            };
            let voids = params(r).last().and_then(as_list).unwrap_or(&[]);
            for v in voids {
                let shell = as_ref(v).and_then(|s| self.closed_shell(s));
                shells.push(shell.ok_or_else(|| {
                    invalid(format!(
                        "une cavité du solide #{id} n'est pas une enveloppe fermée"
                    ))
                })?);
            }
            out.insert(id, SolidRef { id, shells });
        }
        Ok(out)
    }

    /// The AXIS2_PLACEMENT_3D entities without a reference direction whose axis is along x:
    /// the default reference direction (x) is then parallel to the axis, and truck's frame
    /// comes out NaN. The placement's (u, v) orientation does not change the geometry.
    pub fn placements_without_usable_ref(&self) -> Vec<u64> {
        self.all("AXIS2_PLACEMENT_3D")
            .filter(|(_, r)| {
                let p = params(r);
                p.get(3).and_then(as_ref).is_none()
                    && p.get(2)
                        .and_then(as_ref)
                        .and_then(|d| self.direction(d))
                        .is_some_and(|z| z[0].abs() > 1.0 - 1e-9)
            })
            .map(|(id, _)| id)
            .collect()
    }

    /// The largest entity id.
    pub fn max_id(&self) -> u64 {
        self.ids.last().copied().unwrap_or(0)
    }

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
                let r = self
                    .record(coords, "COORDINATES_LIST")
                    .ok_or_else(|| bad(&face.to_string()))?;
                let pts = params(r).get(2).and_then(as_list).unwrap_or(&[]);
                let mut out = Vec::with_capacity(pts.len());
                for q in pts {
                    let c = as_list(q).ok_or_else(|| bad(&face.to_string()))?;
                    let mut xyz = [0.0; 3];
                    for (k, v) in c.iter().take(3).enumerate() {
                        xyz[k] = as_real(v)
                            .filter(|x| x.is_finite() && x.abs() <= MAX_COORDINATE)
                            .ok_or_else(|| bad(&face.to_string()))?;
                    }
                    out.push(xyz);
                }
                slot.insert(out);
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

    /// The CLOSED_SHELL behind a shell reference (through an ORIENTED_CLOSED_SHELL).
    fn closed_shell(&self, id: u64) -> Option<u64> {
        if self.record(id, "CLOSED_SHELL").is_some() {
            return Some(id);
        }
        let r = self.record(id, "ORIENTED_CLOSED_SHELL")?;
        let inner = params(r).get(2).and_then(as_ref)?;
        self.record(inner, "CLOSED_SHELL").map(|_| inner)
    }

    /// The faces of a closed shell and the entity name of each face's surface.
    pub fn shell_faces(&self, shell: u64) -> Vec<(u64, &'a str)> {
        let Some(r) = self.record(shell, "CLOSED_SHELL") else {
            return Vec::new();
        };
        let faces = params(r).get(1).and_then(as_list).unwrap_or(&[]);
        faces
            .iter()
            .filter_map(as_ref)
            .map(|f| {
                let face = self
                    .record(f, "ADVANCED_FACE")
                    .or_else(|| self.record(f, "FACE_SURFACE"));
                let surface = face.and_then(|r| params(r).get(2)).and_then(as_ref);
                let name = match surface {
                    Some(s) => self.surface_name(s),
                    None => self.simple_name(f),
                };
                (f, name)
            })
            .collect()
    }

    /// The type name of a surface entity (a complex one: its most specific known record).
    fn surface_name(&self, id: u64) -> &'a str {
        let simple = self.simple_name(id);
        if !simple.is_empty() {
            return simple;
        }
        for known in [
            "B_SPLINE_SURFACE_WITH_KNOTS",
            "BEZIER_SURFACE",
            "UNIFORM_SURFACE",
            "QUASI_UNIFORM_SURFACE",
            "B_SPLINE_SURFACE",
        ] {
            if self.record(id, known).is_some() {
                return known;
            }
        }
        self.records(id).first().map_or("", |r| r.name.as_str())
    }

    // ----- units -----

    /// Millimetres per length unit of a representation context, if it declares one.
    pub fn context_length_mm(&self, context: u64) -> Option<f64> {
        let r = self.record(context, "GLOBAL_UNIT_ASSIGNED_CONTEXT")?;
        let units = params(r).first().and_then(as_list)?;
        units
            .iter()
            .filter_map(as_ref)
            .find(|&u| self.record(u, "LENGTH_UNIT").is_some())
            .and_then(|u| self.length_unit_mm(u, 0))
    }

    /// Radians per plane angle unit of a representation context, if it declares one.
    fn context_angle_rad(&self, context: u64) -> Option<f64> {
        let r = self.record(context, "GLOBAL_UNIT_ASSIGNED_CONTEXT")?;
        let units = params(r).first().and_then(as_list)?;
        let u = units
            .iter()
            .filter_map(as_ref)
            .find(|&u| self.record(u, "PLANE_ANGLE_UNIT").is_some())?;
        self.unit_factor(u, "RADIAN", 1.0, 0)
    }

    fn length_unit_mm(&self, unit: u64, depth: usize) -> Option<f64> {
        self.unit_factor(unit, "METRE", 1000.0, depth)
    }

    /// The factor of a unit to `base` (an SI unit name), times `base_factor`.
    fn unit_factor(&self, unit: u64, base: &str, base_factor: f64, depth: usize) -> Option<f64> {
        if depth > 8 {
            return None;
        }
        if let Some(si) = self.record(unit, "SI_UNIT") {
            let p = params(si);
            // Simple SI_UNIT(dimensions, prefix, name) or complex SI_UNIT(prefix, name).
            let (prefix, name) = match p.len() {
                2 => (&p[0], &p[1]),
                3 => (&p[1], &p[2]),
                _ => return None,
            };
            if as_enum(name)? != base {
                return None;
            }
            return si_prefix(as_enum(prefix)).map(|f| f * base_factor);
        }
        let conv = self.record(unit, "CONVERSION_BASED_UNIT")?;
        let measure = params(conv).get(1).and_then(as_ref)?;
        let m = self
            .records(measure)
            .iter()
            .find(|r| r.name.ends_with("MEASURE_WITH_UNIT") && params(r).len() == 2)?;
        let value = as_real(&params(m)[0])?;
        let inner = as_ref(&params(m)[1])?;
        let f = value * self.unit_factor(inner, base, base_factor, depth + 1)?;
        (f.is_finite() && f > 0.0).then_some(f)
    }

    /// The plane angle unit of the file, in radians, when some context declares one other than
    /// the radian (the degree, usually).
    pub fn angle_unit_rad(&self) -> Option<f64> {
        self.ids
            .iter()
            .filter_map(|&id| self.context_angle_rad(id))
            .find(|&f| (f - 1.0).abs() > 1e-12)
    }

    // ----- placements -----

    fn point(&self, id: u64) -> Option<[f64; 3]> {
        let r = self.record(id, "CARTESIAN_POINT")?;
        let c = params(r).get(1).and_then(as_list)?;
        let mut p = [0.0; 3];
        for (i, v) in c.iter().take(3).enumerate() {
            p[i] = as_real(v)?;
        }
        Some(p)
    }

    fn direction(&self, id: u64) -> Option<[f64; 3]> {
        let r = self.record(id, "DIRECTION")?;
        let c = params(r).get(1).and_then(as_list)?;
        let mut p = [0.0; 3];
        for (i, v) in c.iter().take(3).enumerate() {
            p[i] = as_real(v)?;
        }
        let n = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
        (n > 1e-12 && n.is_finite()).then(|| [p[0] / n, p[1] / n, p[2] / n])
    }

    /// An AXIS2_PLACEMENT_3D or CARTESIAN_TRANSFORMATION_OPERATOR_3D as a map from its local
    /// frame to its context, origin scaled by `unit_mm`.
    fn placement(&self, id: u64, unit_mm: f64) -> Option<Affine> {
        if let Some(r) = self.record(id, "AXIS2_PLACEMENT_3D") {
            let p = params(r);
            let o = self.point(p.get(1).and_then(as_ref)?)?;
            let z = p.get(2).and_then(as_ref).and_then(|d| self.direction(d));
            let x = p.get(3).and_then(as_ref).and_then(|d| self.direction(d));
            let (x, y, z) = frame(z.unwrap_or([0.0, 0.0, 1.0]), x);
            return Some(Affine {
                m: [[x[0], y[0], z[0]], [x[1], y[1], z[1]], [x[2], y[2], z[2]]],
                t: [o[0] * unit_mm, o[1] * unit_mm, o[2] * unit_mm],
            });
        }
        let r = self.record(id, "CARTESIAN_TRANSFORMATION_OPERATOR")?;
        // CARTESIAN_TRANSFORMATION_OPERATOR(name, description, axis1, axis2, local_origin,
        // scale) with the 3D subtype's axis3 in its own record.
        let p = params(r);
        let n = p.len();
        if n < 4 {
            return None;
        }
        let (a1, a2, o, s) = (&p[n - 4], &p[n - 3], &p[n - 2], &p[n - 1]);
        let a3 = self
            .record(id, "CARTESIAN_TRANSFORMATION_OPERATOR_3D")
            .and_then(|r| params(r).last())
            .and_then(as_ref)
            .and_then(|d| self.direction(d));
        let o = self.point(as_ref(o)?)?;
        let scale = as_real(s).unwrap_or(1.0);
        if !(scale.is_finite() && scale > 0.0) {
            return None;
        }
        let x = as_ref(a1).and_then(|d| self.direction(d));
        let z = a3.unwrap_or([0.0, 0.0, 1.0]);
        let _ = a2;
        let (x, y, z) = frame(z, x);
        Some(Affine {
            m: [
                [x[0] * scale, y[0] * scale, z[0] * scale],
                [x[1] * scale, y[1] * scale, z[1] * scale],
                [x[2] * scale, y[2] * scale, z[2] * scale],
            ],
            t: [o[0] * unit_mm, o[1] * unit_mm, o[2] * unit_mm],
        })
    }

    /// Every placed solid: assemblies are walked from their roots, each placement applied.
    pub fn instances(&self, solids: &BTreeMap<u64, SolidRef>) -> Result<Vec<Instance>, QuoteError> {
        // Representations: (items, context).
        let mut reps: BTreeMap<u64, (&'a [Parameter], u64)> = BTreeMap::new();
        for &id in &self.ids {
            // A drawing's views map the part's representation again: not more copies of it.
            if self.record(id, "DRAUGHTING_MODEL").is_some() {
                continue;
            }
            for r in self.records(id) {
                let p = params(r);
                let is_rep = r.name.ends_with("REPRESENTATION")
                    && r.name != "SHAPE_DEFINITION_REPRESENTATION"
                    && r.name != "CONTEXT_DEPENDENT_SHAPE_REPRESENTATION"
                    && r.name != "DEFINITIONAL_REPRESENTATION"
                    && p.len() == 3;
                if is_rep {
                    if let (Some(items), Some(ctx)) = (as_list(&p[1]), as_ref(&p[2])) {
                        reps.insert(id, (items, ctx));
                        break;
                    }
                }
            }
        }
        let unit_of = |rep: u64| -> Option<f64> {
            reps.get(&rep)
                .and_then(|(_, ctx)| self.context_length_mm(*ctx))
        };
        let default_unit = reps.keys().find_map(|&r| unit_of(r)).unwrap_or(1.0);
        let unit = |rep: u64| unit_of(rep).unwrap_or(default_unit);

        // Clusters of representations joined without a transformation.
        let mut parent: BTreeMap<u64, u64> = reps.keys().map(|&r| (r, r)).collect();
        fn find(parent: &mut BTreeMap<u64, u64>, mut x: u64) -> u64 {
            let mut guard = 0;
            while let Some(&p) = parent.get(&x) {
                if p == x || guard > 1_000_000 {
                    break;
                }
                x = p;
                guard += 1;
            }
            x
        }
        // Product definitions to their representations, for the direction of placements.
        let mut pd_reps: HashMap<u64, Vec<u64>> = HashMap::new();
        for (_, r) in self.all("SHAPE_DEFINITION_REPRESENTATION") {
            let p = params(r);
            let (Some(pds), Some(rep)) = (p.first().and_then(as_ref), p.get(1).and_then(as_ref))
            else {
                continue;
            };
            if let Some(pd) = self
                .record(pds, "PRODUCT_DEFINITION_SHAPE")
                .and_then(|r| params(r).get(2))
                .and_then(as_ref)
            {
                pd_reps.entry(pd).or_default().push(rep);
            }
        }
        // Relationship entity -> the product definition placed (NAUO's related one).
        let mut placed_pd: HashMap<u64, u64> = HashMap::new();
        for (_, r) in self.all("CONTEXT_DEPENDENT_SHAPE_REPRESENTATION") {
            let p = params(r);
            let (Some(rel), Some(pds)) = (p.first().and_then(as_ref), p.get(1).and_then(as_ref))
            else {
                continue;
            };
            let nauo = self
                .record(pds, "PRODUCT_DEFINITION_SHAPE")
                .and_then(|r| params(r).get(2))
                .and_then(as_ref);
            let related = nauo
                .and_then(|n| self.record(n, "NEXT_ASSEMBLY_USAGE_OCCURRENCE"))
                .and_then(|r| params(r).get(4))
                .and_then(as_ref);
            if let Some(pd) = related {
                placed_pd.insert(rel, pd);
            }
        }
        struct Link {
            rel: u64,
            rep1: u64,
            rep2: u64,
            transform: Option<u64>,
        }
        let mut links = Vec::new();
        for &id in &self.ids {
            let rel = self
                .record(id, "REPRESENTATION_RELATIONSHIP")
                .or_else(|| self.record(id, "SHAPE_REPRESENTATION_RELATIONSHIP"));
            let Some(rel) = rel else { continue };
            let p = params(rel);
            if p.len() != 4 {
                continue;
            }
            let (Some(rep1), Some(rep2)) = (as_ref(&p[2]), as_ref(&p[3])) else {
                continue;
            };
            let transform = self
                .record(id, "REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION")
                .and_then(|r| params(r).first())
                .and_then(as_ref);
            links.push(Link {
                rel: id,
                rep1,
                rep2,
                transform,
            });
        }
        for l in &links {
            if l.transform.is_none() && reps.contains_key(&l.rep1) && reps.contains_key(&l.rep2) {
                let (a, b) = (find(&mut parent, l.rep1), find(&mut parent, l.rep2));
                if a != b {
                    parent.insert(a.max(b), a.min(b));
                }
            }
        }
        let rep_ids: Vec<u64> = reps.keys().copied().collect();
        let cluster: BTreeMap<u64, u64> =
            rep_ids.iter().map(|&r| (r, find(&mut parent, r))).collect();
        let mut members: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for (&r, &c) in &cluster {
            members.entry(c).or_default().push(r);
        }
        // Children of a cluster: (child cluster, transform from child mm to parent mm).
        let mut children: BTreeMap<u64, Vec<(u64, Affine)>> = BTreeMap::new();
        let mut is_child: BTreeSet<u64> = BTreeSet::new();
        for l in &links {
            let Some(t) = l.transform else { continue };
            let (Some(&c1), Some(&c2)) = (cluster.get(&l.rep1), cluster.get(&l.rep2)) else {
                continue;
            };
            // rep_1 is the component unless the assembly usage says otherwise.
            let child_is_2 = placed_pd.get(&l.rel).is_some_and(|pd| {
                let of_pd = pd_reps.get(pd).map_or(&[][..], |v| v.as_slice());
                let in_cluster = |c: u64| of_pd.iter().any(|r| cluster.get(r) == Some(&c));
                in_cluster(c2) && !in_cluster(c1)
            });
            let Some(idt) = self.record(t, "ITEM_DEFINED_TRANSFORMATION") else {
                // A CARTESIAN_TRANSFORMATION_OPERATOR as the transformation.
                if let Some(op) = self.placement(t, unit(l.rep2)) {
                    let (parent_c, child_c) = if child_is_2 { (c1, c2) } else { (c2, c1) };
                    children.entry(parent_c).or_default().push((child_c, op));
                    is_child.insert(child_c);
                }
                continue;
            };
            let p = params(idt);
            let (Some(i1), Some(i2)) = (p.get(2).and_then(as_ref), p.get(3).and_then(as_ref))
            else {
                continue;
            };
            let (Some(a1), Some(a2)) = (
                self.placement(i1, unit(l.rep1)),
                self.placement(i2, unit(l.rep2)),
            ) else {
                return Err(invalid(format!(
                    "le placement #{t} d'un composant est illisible"
                )));
            };
            let (parent_c, child_c, t) = if child_is_2 {
                (c1, c2, a1.then_after(&a2.rigid_inverse()))
            } else {
                (c2, c1, a2.then_after(&a1.rigid_inverse()))
            };
            children.entry(parent_c).or_default().push((child_c, t));
            is_child.insert(child_c);
        }
        // Mapped items (REPRESENTATION_MAP) are children too.
        let mut solids_of: BTreeMap<u64, Vec<(u64, f64)>> = BTreeMap::new();
        for (&rep, (items, _)) in &reps {
            let c = cluster[&rep];
            for item in items.iter().filter_map(as_ref) {
                if solids.contains_key(&item) {
                    solids_of.entry(c).or_default().push((item, unit(rep)));
                } else if let Some(mi) = self.record(item, "MAPPED_ITEM") {
                    let p = params(mi);
                    let (Some(map), Some(target)) =
                        (p.get(1).and_then(as_ref), p.get(2).and_then(as_ref))
                    else {
                        continue;
                    };
                    let Some(rm) = self.record(map, "REPRESENTATION_MAP") else {
                        continue;
                    };
                    let rp = params(rm);
                    let (Some(origin), Some(mapped)) =
                        (rp.first().and_then(as_ref), rp.get(1).and_then(as_ref))
                    else {
                        continue;
                    };
                    let Some(&child_c) = cluster.get(&mapped) else {
                        continue;
                    };
                    let (Some(o), Some(tg)) = (
                        self.placement(origin, unit(mapped)),
                        self.placement(target, unit(rep)),
                    ) else {
                        return Err(invalid(format!(
                            "le placement de l'élément #{item} est illisible"
                        )));
                    };
                    children
                        .entry(c)
                        .or_default()
                        .push((child_c, tg.then_after(&o.rigid_inverse())));
                    is_child.insert(child_c);
                }
            }
        }
        let mut out: Vec<Instance> = Vec::new();
        // Assemblies first; then representations placed by nothing and holding nothing placed:
        // some exporters also list each part's solid in a free-standing representation, whose
        // copy is already in the assembly.
        let roots: Vec<u64> = members
            .keys()
            .copied()
            .filter(|c| !is_child.contains(c))
            .collect();
        let (assemblies, single): (Vec<u64>, Vec<u64>) =
            roots.into_iter().partition(|c| children.contains_key(c));
        for &root in assemblies.iter().chain(&single) {
            if !children.contains_key(&root) {
                let list = solids_of.get(&root).map_or(&[][..], |v| v.as_slice());
                if list.iter().all(|(s, _)| out.iter().any(|i| i.solid == *s)) && !out.is_empty() {
                    continue;
                }
            }
            let mut stack = vec![(root, Affine::IDENTITY, 0usize)];
            while let Some((c, place, depth)) = stack.pop() {
                for &(solid, unit_mm) in solids_of.get(&c).map_or(&[][..], |v| v.as_slice()) {
                    out.push(Instance {
                        solid,
                        unit_mm,
                        place,
                    });
                    if out.len() > MAX_INSTANCES {
                        return Err(too_complex(format!(
                            "plus de {} solides placés",
                            crate::fr_int(MAX_INSTANCES as u64)
                        )));
                    }
                }
                if depth >= MAX_ASSEMBLY_DEPTH {
                    return Err(too_complex(format!(
                        "assemblage imbriqué sur plus de {MAX_ASSEMBLY_DEPTH} niveaux"
                    )));
                }
                // Reverse so that children come out in file order.
                for &(child, t) in children
                    .get(&c)
                    .map_or(&[][..], |v| v.as_slice())
                    .iter()
                    .rev()
                {
                    stack.push((child, place.then_after(&t), depth + 1));
                }
            }
        }
        if out.is_empty() {
            // Solids outside any representation: read them where they are.
            out = solids
                .keys()
                .map(|&solid| Instance {
                    solid,
                    unit_mm: default_unit,
                    place: Affine::IDENTITY,
                })
                .collect();
        }
        Ok(out)
    }

    // ----- validation -----

    /// Checks what truck reads without checking: coordinates, B-spline knots, weights.
    pub fn validate(&self) -> Result<(), QuoteError> {
        for &id in &self.ids {
            for r in self.records(id) {
                match r.name.as_str() {
                    "CARTESIAN_POINT" | "DIRECTION" => {
                        let c = params(r).get(1).and_then(as_list);
                        let ok = c.is_some_and(|c| {
                            (1..=3).contains(&c.len())
                                && c.iter().all(|v| {
                                    as_real(v)
                                        .is_some_and(|x| x.is_finite() && x.abs() <= MAX_COORDINATE)
                                })
                        });
                        if !ok {
                            return Err(invalid(format!(
                                "coordonnées invalides dans l'entité #{id} ({})",
                                r.name
                            )));
                        }
                    }
                    "B_SPLINE_CURVE_WITH_KNOTS"
                    | "B_SPLINE_SURFACE_WITH_KNOTS"
                    | "B_SPLINE_CURVE"
                    | "B_SPLINE_SURFACE"
                    | "RATIONAL_B_SPLINE_CURVE"
                    | "RATIONAL_B_SPLINE_SURFACE"
                    | "BEZIER_CURVE"
                    | "BEZIER_SURFACE"
                    | "UNIFORM_CURVE"
                    | "UNIFORM_SURFACE"
                    | "QUASI_UNIFORM_CURVE"
                    | "QUASI_UNIFORM_SURFACE" => {
                        self.validate_spline(id).map_err(|what| {
                            invalid(format!("B-spline #{id} incohérente ({what})"))
                        })?;
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// One B-spline entity, simple or complex: degrees, control net, knots and weights agree.
    fn validate_spline(&self, id: u64) -> Result<(), &'static str> {
        let recs = self.records(id);
        let simple = recs.len() == 1;
        let surface = recs.iter().any(|r| r.name.contains("SURFACE"));
        // (degree(s), control points) come from B_SPLINE_* (complex) or the simple record.
        let base = if simple {
            &recs[0]
        } else {
            let n = if surface {
                "B_SPLINE_SURFACE"
            } else {
                "B_SPLINE_CURVE"
            };
            recs.iter()
                .find(|r| r.name == n)
                .ok_or("enregistrement de base absent")?
        };
        let p = params(base);
        let off = usize::from(simple); // the simple record starts with its name
        let degree = |i: usize| -> Result<i64, &'static str> {
            let d = p.get(i).and_then(as_int).ok_or("degré absent")?;
            if (1..=MAX_DEGREE).contains(&d) {
                Ok(d)
            } else {
                Err("degré hors limites")
            }
        };
        let (net, degrees): (Vec<usize>, Vec<i64>) = if surface {
            let (du, dv) = (degree(off)?, degree(off + 1)?);
            let rows = p
                .get(off + 2)
                .and_then(as_list)
                .ok_or("points de contrôle absents")?;
            let cols = rows.first().and_then(as_list).map_or(0, |r| r.len());
            if rows.is_empty() || cols == 0 {
                return Err("réseau de points de contrôle vide");
            }
            for row in rows {
                let row = as_list(row).ok_or("ligne de points de contrôle invalide")?;
                if row.len() != cols
                    || row
                        .iter()
                        .any(|q| as_ref(q).and_then(|q| self.point(q)).is_none())
                {
                    return Err("réseau de points de contrôle irrégulier");
                }
            }
            (vec![rows.len(), cols], vec![du, dv])
        } else {
            let d = degree(off)?;
            let pts = p
                .get(off + 1)
                .and_then(as_list)
                .ok_or("points de contrôle absents")?;
            if pts.is_empty()
                || pts
                    .iter()
                    .any(|q| as_ref(q).and_then(|q| self.point(q)).is_none())
            {
                return Err("points de contrôle invalides");
            }
            (vec![pts.len()], vec![d])
        };
        // Knots: in the simple record after the flags, or in *_WITH_KNOTS.
        let knots_rec = if simple {
            Some((&recs[0], if surface { 8 } else { 6 }))
        } else {
            let n = if surface {
                "B_SPLINE_SURFACE_WITH_KNOTS"
            } else {
                "B_SPLINE_CURVE_WITH_KNOTS"
            };
            recs.iter().find(|r| r.name == n).map(|r| (r, 0))
        };
        let with_knots = recs.iter().any(|r| r.name.ends_with("_WITH_KNOTS"));
        if let (true, Some((kr, start))) = (with_knots, knots_rec) {
            let kp = params(kr);
            let dims = net.len();
            for dim in 0..dims {
                let mults = kp
                    .get(start + dim)
                    .and_then(as_list)
                    .ok_or("multiplicités absentes")?;
                let knots = kp
                    .get(start + dims + dim)
                    .and_then(as_list)
                    .ok_or("nœuds absents")?;
                if mults.len() != knots.len() || knots.len() < 2 {
                    return Err("nœuds et multiplicités de longueurs différentes");
                }
                let mut total = 0i64;
                let mut last = f64::NEG_INFINITY;
                for (m, k) in mults.iter().zip(knots) {
                    let m = as_int(m).ok_or("multiplicité invalide")?;
                    let k = as_real(k).ok_or("nœud invalide")?;
                    if !(1..=degrees[dim] + 1).contains(&m) || !k.is_finite() || k < last {
                        return Err("vecteur nodal invalide");
                    }
                    last = k;
                    total += m;
                }
                if total != net[dim] as i64 + degrees[dim] + 1 {
                    return Err("nombre de nœuds incompatible avec le réseau");
                }
            }
        }
        if let Some(w) = recs
            .iter()
            .find(|r| r.name.starts_with("RATIONAL_B_SPLINE"))
        {
            let wl = params(w).first().and_then(as_list).ok_or("poids absents")?;
            let ok_weight = |v: &Parameter| as_real(v).is_some_and(|x| x.is_finite() && x > 0.0);
            if surface {
                if wl.len() != net[0]
                    || wl.iter().any(|row| {
                        as_list(row).is_none_or(|r| r.len() != net[1] || !r.iter().all(ok_weight))
                    })
                {
                    return Err("poids incompatibles avec le réseau");
                }
            } else if wl.len() != net[0] || !wl.iter().all(ok_weight) {
                return Err("poids incompatibles avec les points de contrôle");
            }
        }
        Ok(())
    }

    /// Scales the semi-angle of conical surfaces written in another angle unit (degrees) to
    /// radians, which is what truck reads.
    pub fn conical_angles(&self) -> Vec<u64> {
        self.all("CONICAL_SURFACE").map(|(id, _)| id).collect()
    }

    /// The EDGE_CURVE entities a closed shell's faces go round, in order of first use.
    fn shell_edges(&self, shell: u64) -> Vec<u64> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for (face, _) in self.shell_faces(shell) {
            let face = self
                .record(face, "ADVANCED_FACE")
                .or_else(|| self.record(face, "FACE_SURFACE"));
            let bounds = face
                .and_then(|r| params(r).get(1))
                .and_then(as_list)
                .unwrap_or(&[]);
            for b in bounds.iter().filter_map(as_ref) {
                let bound = self
                    .record(b, "FACE_OUTER_BOUND")
                    .or_else(|| self.record(b, "FACE_BOUND"));
                let lp = bound.and_then(|r| params(r).get(1)).and_then(as_ref);
                let edges = lp
                    .and_then(|l| self.record(l, "EDGE_LOOP"))
                    .and_then(|r| params(r).get(1))
                    .and_then(as_list)
                    .unwrap_or(&[]);
                for e in edges.iter().filter_map(as_ref) {
                    let ec = match self.record(e, "ORIENTED_EDGE") {
                        Some(oe) => params(oe).get(3).and_then(as_ref),
                        None => Some(e),
                    };
                    if let Some(ec) = ec.filter(|&ec| self.record(ec, "EDGE_CURVE").is_some()) {
                        if seen.insert(ec) {
                            out.push(ec);
                        }
                    }
                }
            }
        }
        out
    }

    /// Checks that every face of a closed shell has a surface and bounds, and that every edge
    /// loop has edges that exist: truck indexes them without checking.
    pub fn check_shell(&self, shell: u64) -> Result<(), QuoteError> {
        let bad = |what: &str, id: u64| invalid(format!("{what} (entité #{id})"));
        let Some(r) = self.record(shell, "CLOSED_SHELL") else {
            return Err(bad("enveloppe illisible", shell));
        };
        let faces = params(r).get(1).and_then(as_list).unwrap_or(&[]);
        if faces.is_empty() {
            return Err(bad("enveloppe sans face", shell));
        }
        for f in faces {
            let id = as_ref(f).ok_or_else(|| bad("face illisible", shell))?;
            let face = self
                .record(id, "ADVANCED_FACE")
                .or_else(|| self.record(id, "FACE_SURFACE"))
                .ok_or_else(|| bad("face d'un type inconnu", id))?;
            let p = params(face);
            // No bounds: the whole surface (a sphere, a torus), which the engine meshes.
            let bounds = p.get(1).and_then(as_list);
            let bounds = bounds.ok_or_else(|| bad("face sans contour", id))?;
            if p.get(2).and_then(as_ref).is_none() {
                return Err(bad("face sans surface", id));
            }
            for b in bounds {
                let b = as_ref(b).ok_or_else(|| bad("contour illisible", id))?;
                let bound = self
                    .record(b, "FACE_OUTER_BOUND")
                    .or_else(|| self.record(b, "FACE_BOUND"))
                    .ok_or_else(|| bad("contour d'un type inconnu", b))?;
                let lp = params(bound)
                    .get(1)
                    .and_then(as_ref)
                    .ok_or_else(|| bad("contour sans boucle", b))?;
                let Some(el) = self.record(lp, "EDGE_LOOP") else {
                    if self.record(lp, "VERTEX_LOOP").is_some() {
                        continue;
                    }
                    return Err(bad("boucle d'un type inconnu", lp));
                };
                let edges = params(el)
                    .get(1)
                    .and_then(as_list)
                    .filter(|e| !e.is_empty());
                for e in edges.ok_or_else(|| bad("boucle sans arête", lp))? {
                    let e = as_ref(e).ok_or_else(|| bad("arête illisible", lp))?;
                    let ec = match self.record(e, "ORIENTED_EDGE") {
                        Some(oe) => params(oe).get(3).and_then(as_ref),
                        None => Some(e),
                    };
                    let ec = ec.filter(|&ec| self.record(ec, "EDGE_CURVE").is_some());
                    let ec = ec.ok_or_else(|| bad("arête sans courbe", e))?;
                    let ep = params(self.record(ec, "EDGE_CURVE").unwrap_or(el));
                    let vertex_ok = |i: usize| {
                        ep.get(i)
                            .and_then(as_ref)
                            .and_then(|v| self.record(v, "VERTEX_POINT"))
                            .and_then(|v| params(v).get(1).and_then(as_ref))
                            .and_then(|p| self.point(p))
                            .is_some()
                    };
                    if !(vertex_ok(1) && vertex_ok(2)) || ep.get(3).and_then(as_ref).is_none() {
                        return Err(bad("arête sans sommets ou sans courbe", ec));
                    }
                }
            }
        }
        Ok(())
    }

    /// How many distinct edges a closed shell's faces use.
    pub fn shell_edge_count(&self, shell: u64) -> usize {
        self.shell_edges(shell).len()
    }

    /// The curve types of a closed shell's edges (sorted, unique), for messages.
    pub fn shell_curve_names(&self, shell: u64) -> Vec<&'a str> {
        let set: BTreeSet<&'a str> = self
            .shell_edges(shell)
            .into_iter()
            .filter_map(|ec| {
                self.record(ec, "EDGE_CURVE")
                    .and_then(|r| params(r).get(3))
                    .and_then(as_ref)
            })
            .map(|c| {
                let simple = self.simple_name(c);
                if simple.is_empty() {
                    self.records(c).first().map_or("", |r| r.name.as_str())
                } else {
                    simple
                }
            })
            .collect();
        set.into_iter().collect()
    }
}

/// An orthonormal frame from an axis and an approximate x direction.
fn frame(z: [f64; 3], x: Option<[f64; 3]>) -> ([f64; 3], [f64; 3], [f64; 3]) {
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let norm = |a: [f64; 3]| {
        let n = dot(a, a).sqrt();
        [a[0] / n, a[1] / n, a[2] / n]
    };
    let mut xd = x.unwrap_or([1.0, 0.0, 0.0]);
    let mut d = dot(xd, z);
    let mut proj = [xd[0] - d * z[0], xd[1] - d * z[1], xd[2] - d * z[2]];
    if dot(proj, proj) < 1e-20 {
        // x along z: any perpendicular will do.
        xd = if z[0].abs() < 0.9 {
            [1.0, 0.0, 0.0]
        } else {
            [0.0, 1.0, 0.0]
        };
        d = dot(xd, z);
        proj = [xd[0] - d * z[0], xd[1] - d * z[1], xd[2] - d * z[2]];
    }
    let x = norm(proj);
    let y = cross(z, x);
    (x, y, z)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rigid_inverse_undoes_a_placement() {
        let (x, y, z) = frame([0.0, 0.0, 1.0], Some([0.0, 1.0, 0.0]));
        let a = Affine {
            m: [[x[0], y[0], z[0]], [x[1], y[1], z[1]], [x[2], y[2], z[2]]],
            t: [5.0, -2.0, 3.0],
        };
        let p = [1.0, 2.0, 3.0];
        let q = a.rigid_inverse().apply(a.apply(p));
        for i in 0..3 {
            assert!((q[i] - p[i]).abs() < 1e-12);
        }
        assert_eq!(a.apply([1.0, 0.0, 0.0]), [5.0, -1.0, 3.0]);
        assert!(!a.mirrors());
    }
}
