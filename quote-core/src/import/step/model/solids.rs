//! Solids and their closed shells: which shells make a solid, the faces and edges of a shell,
//! and the check of a shell's topology that truck indexes without checking.

use std::collections::{BTreeMap, BTreeSet};

use super::{as_list, as_ref, invalid, params, Model, SolidRef};
use crate::QuoteError;

impl<'a> Model<'a> {
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

    /// The box of a closed shell's vertices, in the solid's own unit (`None` without a vertex:
    /// a sphere or a torus of one face).
    pub fn shell_vertex_box(&self, shell: u64) -> Option<([f64; 3], [f64; 3])> {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for ec in self.shell_edges(shell) {
            let Some(r) = self.record(ec, "EDGE_CURVE") else {
                continue;
            };
            for i in [1, 2] {
                let point = params(r)
                    .get(i)
                    .and_then(as_ref)
                    .and_then(|v| self.record(v, "VERTEX_POINT"))
                    .and_then(|v| params(v).get(1).and_then(as_ref))
                    .and_then(|p| self.point(p))
                    .filter(|p| p.iter().all(|c| c.is_finite()));
                if let Some(p) = point {
                    for k in 0..3 {
                        lo[k] = lo[k].min(p[k]);
                        hi[k] = hi[k].max(p[k]);
                    }
                }
            }
        }
        (lo[0] <= hi[0]).then_some((lo, hi))
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
