//! Tessellation of one solid: its shells are converted to truck's B-rep, scaled to millimetres
//! (so that truck's absolute tolerances mean the same thing in every file), their edges divided
//! once by the engine (shared by the two faces of each edge), each face triangulated by the
//! engine's own bounded tessellator ([`super::face`]) with a chord tolerance relative to the
//! solid's size (or to a share of the assembly's, for a small solid: see
//! [`StepLimits::assembly_share`]), and the faces' meshes joined into one closed triangle
//! surface by snapping the vertices each face computed on its own surface.

use std::collections::HashMap;

use truck_meshalgo::prelude::*;
use truck_stepio::r#in::alias::{BSplineSurface, Surface};
use truck_stepio::r#in::Table;

use super::model::{Model, SolidRef};
use super::relax::mesh_face;
use super::work::{SurfaceCost, Work};
use super::{edges, too_complex, unsupported, RelaxedFace, StepLimits};
use crate::QuoteError;

/// A solid's triangles, in millimetres, outer shell counter-clockwise seen from outside.
#[derive(Debug, Default, Clone)]
pub struct SolidMesh {
    pub vertices: Vec<[f64; 3]>,
    pub triangles: Vec<[u32; 3]>,
}

/// The surface types truck reads (simple names, or the specific record of a complex one).
const SUPPORTED_SURFACES: [&str; 12] = [
    "PLANE",
    "CYLINDRICAL_SURFACE",
    "CONICAL_SURFACE",
    "SPHERICAL_SURFACE",
    "TOROIDAL_SURFACE",
    "B_SPLINE_SURFACE_WITH_KNOTS",
    "BEZIER_SURFACE",
    "UNIFORM_SURFACE",
    "QUASI_UNIFORM_SURFACE",
    "B_SPLINE_SURFACE",
    "SURFACE_OF_LINEAR_EXTRUSION",
    "SURFACE_OF_REVOLUTION",
];

/// The French name of a surface type the engine does not read.
pub fn surface_label(name: &str) -> String {
    match name {
        "OFFSET_SURFACE" => "des surfaces décalées (OFFSET_SURFACE)".into(),
        "DEGENERATE_TOROIDAL_SURFACE" => "des tores dégénérés (DEGENERATE_TOROIDAL_SURFACE)".into(),
        "RECTANGULAR_TRIMMED_SURFACE" => {
            "des surfaces découpées (RECTANGULAR_TRIMMED_SURFACE)".into()
        }
        "CURVE_BOUNDED_SURFACE" => {
            "des surfaces bornées par courbes (CURVE_BOUNDED_SURFACE)".into()
        }
        "" => "des faces sans surface".into(),
        other => format!("des surfaces de type {other}"),
    }
}

/// Millimetre size of a shell: the box of its vertices and of points along its edges (a
/// sphere's only vertices are its poles).
fn shell_box<'a, C: ParametricCurve3D + BoundedCurve + 'a>(
    vertices: &[Point3],
    curves: impl Iterator<Item = &'a C>,
) -> Option<(Point3, Point3)> {
    let mut lo = Point3::new(f64::INFINITY, f64::INFINITY, f64::INFINITY);
    let mut hi = Point3::new(f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    let mut add = |p: Point3| {
        if p.x.is_finite() && p.y.is_finite() && p.z.is_finite() {
            lo = Point3::new(lo.x.min(p.x), lo.y.min(p.y), lo.z.min(p.z));
            hi = Point3::new(hi.x.max(p.x), hi.y.max(p.y), hi.z.max(p.z));
        }
    };
    vertices.iter().for_each(|p| add(*p));
    for c in curves {
        let Some((t0, t1)) = c.try_range_tuple() else {
            continue;
        };
        if t0.is_finite() && t1.is_finite() {
            for i in 0..=8 {
                let t = t0 + (t1 - t0) * f64::from(i) / 8.0;
                add(c.subs(t));
            }
        }
    }
    (lo.x <= hi.x).then_some((lo, hi))
}

/// Triangulates one solid (outer shell and voids), scaled to millimetres, its work spent from
/// `work`; the faces meshed with a relaxed tolerance are added to `relaxed`.
#[allow(clippy::too_many_arguments)]
pub fn tessellate_solid(
    model: &Model<'_>,
    table: &Table,
    solid: &SolidRef,
    unit_mm: f64,
    assembly_diag: f64,
    limits: &StepLimits,
    budget: &mut usize,
    work: &mut Work,
    relaxed: &mut Vec<RelaxedFace>,
) -> Result<SolidMesh, QuoteError> {
    let scale = Matrix4::from_scale(unit_mm);
    let mut shells = Vec::with_capacity(solid.shells.len());
    let mut face_ids = Vec::with_capacity(solid.shells.len());
    for &shell_id in &solid.shells {
        model.check_shell(shell_id)?;
        let faces = model.shell_faces(shell_id);
        if let Some((_, name)) = faces
            .iter()
            .find(|(_, name)| !SUPPORTED_SURFACES.contains(name))
        {
            return Err(unsupported(surface_label(name)));
        }
        let holder = table
            .shell
            .get(&shell_id)
            .ok_or_else(|| super::invalid(format!("l'enveloppe #{shell_id} est illisible")))?;
        let mut cshell = table
            .to_compressed_shell(holder)
            .map_err(|_| super::invalid(format!("l'enveloppe #{shell_id} est illisible")))?;
        if cshell.faces.len() != faces.len() {
            return Err(unsupported(format!(
                "{} face(s) de l'enveloppe #{shell_id} que le lecteur ne sait pas convertir",
                faces.len() - cshell.faces.len().min(faces.len())
            )));
        }
        if cshell.edges.len() != model.shell_edge_count(shell_id) {
            return Err(unsupported(format!(
                "des arêtes de l'enveloppe #{shell_id} dont la courbe n'est pas prise en charge ({})",
                model.shell_curve_names(shell_id).join(", ")
            )));
        }
        // Everything in millimetres from here on.
        cshell
            .vertices
            .iter_mut()
            .for_each(|p| *p = scale.transform_point(*p));
        cshell
            .edges
            .iter_mut()
            .for_each(|e| e.curve.transform_by(scale));
        cshell
            .faces
            .iter_mut()
            .for_each(|f| f.surface.transform_by(scale));
        shells.push(cshell);
        face_ids.push(faces.iter().map(|(id, _)| *id).collect::<Vec<u64>>());
    }
    let (mut lo, mut hi) = (
        Point3::new(f64::INFINITY, f64::INFINITY, f64::INFINITY),
        Point3::new(f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for s in &shells {
        if let Some((a, b)) = shell_box(&s.vertices, s.edges.iter().map(|e| &e.curve)) {
            lo = Point3::new(lo.x.min(a.x), lo.y.min(a.y), lo.z.min(a.z));
            hi = Point3::new(hi.x.max(b.x), hi.y.max(b.y), hi.z.max(b.z));
        }
    }
    if lo.x > hi.x || (hi - lo).magnitude() == 0.0 {
        // No vertex and no bounded edge (a torus or a sphere of one face): sample the
        // surfaces over their parameter ranges.
        for s in &shells {
            for f in &s.faces {
                if let (Some((u0, u1)), Some((v0, v1))) = f.surface.try_range_tuple() {
                    for i in 0..=6 {
                        for j in 0..=6 {
                            let u = u0 + (u1 - u0) * f64::from(i) / 6.0;
                            let v = v0 + (v1 - v0) * f64::from(j) / 6.0;
                            let p = f.surface.subs(u, v);
                            if p.x.is_finite() && p.y.is_finite() && p.z.is_finite() {
                                lo = Point3::new(lo.x.min(p.x), lo.y.min(p.y), lo.z.min(p.z));
                                hi = Point3::new(hi.x.max(p.x), hi.y.max(p.y), hi.z.max(p.z));
                            }
                        }
                    }
                }
            }
        }
    }
    let diag = if lo.x <= hi.x {
        (hi - lo).magnitude()
    } else {
        0.0
    };
    if !(diag.is_finite() && diag > 0.0) {
        return Err(super::invalid(format!(
            "le solide #{} n'a pas d'étendue",
            solid.id
        )));
    }
    let size = diag.max(limits.assembly_share * assembly_diag);
    let tol = (limits.relative_tolerance * size).max(limits.min_tolerance_mm);
    let faces: usize = shells.iter().map(|s| s.faces.len()).sum();
    if faces > *budget {
        return Err(too_complex(format!(
            "plus de {} faces à trianguler",
            crate::fr_int(limits.max_faces as u64)
        )));
    }
    *budget -= faces;

    let mut out = SolidMesh::default();
    let mut snap = Snapper::new(tol * limits.snap_fraction);
    let mut points_left = limits.max_edge_points;
    for (k, cshell) in shells.into_iter().enumerate() {
        let mut edges = Vec::with_capacity(cshell.edges.len());
        for e in &cshell.edges {
            let vertex = |i: usize| cshell.vertices.get(i);
            let ends = vertex(e.vertices.0).zip(vertex(e.vertices.1));
            edges.push(edges::divide(
                &e.curve,
                ends,
                tol,
                &mut points_left,
                limits,
                work,
            )?);
        }
        let first = out.triangles.len();
        for (face, &face_id) in cshell.faces.iter().zip(&face_ids[k]) {
            // Each wire as one closed polyline: its edges' points, each edge without its last.
            let wires: Vec<Vec<Point3>> = face
                .boundaries
                .iter()
                .map(|wire| {
                    let mut pts = Vec::new();
                    for ei in wire {
                        let Some(e) = edges.get(ei.index) else {
                            continue;
                        };
                        let n = e.len().saturating_sub(1);
                        if ei.orientation {
                            pts.extend_from_slice(&e[..n]);
                        } else {
                            pts.extend(e[1..].iter().rev());
                        }
                    }
                    pts
                })
                .collect();
            work.set_surface(SurfaceCost::of(&face.surface));
            // As truck did: a face whose boundary is not found on its surface is left out.
            let Some((poly, face_tol)) = mesh_face(
                &face.surface,
                spline_domain(&face.surface),
                &wires,
                tol,
                limits,
                work,
            )?
            else {
                continue;
            };
            if face_tol > tol {
                relaxed.push(RelaxedFace {
                    face: face_id,
                    tolerance_mm: face_tol,
                    nominal_mm: tol,
                });
            }
            if poly
                .positions
                .iter()
                .any(|p| !(p.x.is_finite() && p.y.is_finite() && p.z.is_finite()))
            {
                return Err(unsupported(
                    "une surface qui ne s'évalue pas en certains points".into(),
                ));
            }
            let ids: Vec<u32> = poly
                .positions
                .iter()
                .map(|p| snap.insert([p.x, p.y, p.z], &mut out.vertices))
                .collect();
            for tri in &poly.triangles {
                let t = tri.map(|i| ids[i]);
                if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
                    continue;
                }
                out.triangles.push(if face.orientation {
                    t
                } else {
                    [t[0], t[2], t[1]]
                });
            }
            if out.triangles.len() > limits.max_triangles {
                return Err(too_complex(format!(
                    "plus de {} triangles",
                    crate::fr_int(limits.max_triangles as u64)
                )));
            }
        }
        // The outer shell encloses a positive volume, a void a negative one.
        let v = signed_volume(&out.vertices, &out.triangles[first..]);
        if (k == 0) == (v < 0.0) {
            for t in &mut out.triangles[first..] {
                t.swap(1, 2);
            }
        }
    }
    Ok(out)
}

/// The triangles of an AP242 TESSELLATED_SOLID, scaled to millimetres and turned outwards.
pub fn tessellated_mesh(
    model: &Model<'_>,
    id: u64,
    unit_mm: f64,
    limits: &StepLimits,
) -> Result<SolidMesh, QuoteError> {
    let (vertices, mut triangles) = model.tessellated_triangles(id, limits.max_triangles)?;
    if triangles.is_empty() {
        return Err(super::invalid(format!(
            "le solide tessellé #{id} n'a aucun triangle"
        )));
    }
    let vertices: Vec<[f64; 3]> = vertices.iter().map(|p| p.map(|c| c * unit_mm)).collect();
    if signed_volume(&vertices, &triangles) < 0.0 {
        triangles.iter_mut().for_each(|t| t.swap(1, 2));
    }
    Ok(SolidMesh {
        vertices,
        triangles,
    })
}

/// Where a B-spline surface is defined: between its knots of rank `degree` from either end. truck's
/// range is the whole knot vector, which runs past it when the spline is written unclamped (a
/// periodic B-spline). `None` for other surfaces.
fn spline_domain(surface: &Surface) -> Option<super::face::Domain> {
    fn of<P>(s: &BSplineSurface<P>) -> Option<super::face::Domain> {
        let (du, dv) = s.degrees();
        let range = |k: &[f64], d: usize| {
            let (a, b) = (*k.get(d)?, *k.get(k.len().checked_sub(d + 1)?)?);
            (a.is_finite() && b.is_finite() && a < b).then_some((a, b))
        };
        Some((
            range(s.uknot_vec().as_slice(), du)?,
            range(s.vknot_vec().as_slice(), dv)?,
        ))
    }
    match surface {
        Surface::BSplineSurface(s) => of(s),
        Surface::NurbsSurface(s) => of(s.non_rationalized()),
        Surface::ElementarySurface(_) | Surface::SweptCurve(_) => None,
    }
}

/// Signed volume of triangles about the origin.
pub fn signed_volume(v: &[[f64; 3]], tris: &[[u32; 3]]) -> f64 {
    let mut s = 0.0;
    for t in tris {
        let [a, b, c] = t.map(|i| v[i as usize]);
        s += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0]);
    }
    s / 6.0
}

/// Joins positions closer than `eps`: the first position of a neighbourhood is kept, later
/// ones within `eps` of it take its index. Deterministic: the grid is only looked up.
struct Snapper {
    eps: f64,
    grid: HashMap<[i64; 3], Vec<u32>>,
}

impl Snapper {
    fn new(eps: f64) -> Self {
        Snapper {
            eps,
            grid: HashMap::new(),
        }
    }

    fn cell(&self, p: [f64; 3]) -> [i64; 3] {
        p.map(|c| (c / self.eps).floor() as i64)
    }

    fn insert(&mut self, p: [f64; 3], vertices: &mut Vec<[f64; 3]>) -> u32 {
        let c = self.cell(p);
        let eps2 = self.eps * self.eps;
        let mut best: Option<(f64, u32)> = None;
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    let key = [c[0] + dx, c[1] + dy, c[2] + dz];
                    for &i in self.grid.get(&key).map_or(&[][..], |v| v.as_slice()) {
                        let q = vertices[i as usize];
                        let d =
                            (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2);
                        if d <= eps2 && best.is_none_or(|(bd, bi)| d < bd || (d == bd && i < bi)) {
                            best = Some((d, i));
                        }
                    }
                }
            }
        }
        if let Some((_, i)) = best {
            return i;
        }
        let i = vertices.len() as u32;
        vertices.push(p);
        self.grid.entry(c).or_default().push(i);
        i
    }
}
