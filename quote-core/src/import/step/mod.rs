//! STEP import (ISO 10303-21: AP203, AP214, AP242 B-rep geometry), behind the `step` feature.
//!
//! The text is checked by a lexical pass ([`scan`]), the statements the reader can reach from
//! its roots ([`prune`]) are parsed by ruststep (the others never are), walked by the engine's
//! own [`model`] (solids, length units, assembly placements, validation of what truck would
//! panic on), and each solid is tessellated once by the engine ([`tess`], [`face`]) then placed as many times
//! as the assembly uses it. Every refusal names what is missing and suggests STL or 3MF.
//!
//! Time and memory are bounded before the expensive steps: the file's size, entity count and
//! number of values before parsing; the placements walked through an assembly (a cycle of
//! placements refused); the references under each shell, for cycles and depth, before truck
//! follows them recursively; the number of faces before tessellating, the number of triangles
//! while collecting them.

mod edges;
mod face;
#[cfg(not(target_arch = "wasm32"))]
mod mathlib;
mod model;
mod prune;
mod relax;
mod scan;
mod tess;
mod work;

pub(crate) use relax::relaxed_warning;
pub use relax::RelaxedFace;

use std::collections::{BTreeMap, HashMap};

use truck_stepio::r#in::{ruststep, Table};

pub use scan::MAX_STEP_BYTES;

use crate::{Mesh, QuoteError};

/// The bounds and tolerances of a STEP import.
#[derive(Debug, Clone, PartialEq)]
pub struct StepLimits {
    /// Chord tolerance as a fraction of each solid's box diagonal, or of the diagonal of a solid
    /// of [`StepLimits::assembly_share`] of the assembly's size where that is larger.
    pub relative_tolerance: f64,
    /// Share of the assembly's box diagonal (of every placed solid's vertices) under which a
    /// solid's own diagonal is not taken for its tolerance: a small solid of an assembly (a ball
    /// of a bearing) is meshed as coarsely as a solid of that share of the assembly, not as
    /// finely, relative to its size, as the largest; the solids larger than that share keep
    /// their own tolerance, as a file of one solid does.
    pub assembly_share: f64,
    /// Smallest chord tolerance, mm (truck's own epsilon is 1e-6 in the model's unit).
    pub min_tolerance_mm: f64,
    /// Vertices of neighbouring faces closer than this fraction of the tolerance are one.
    pub snap_fraction: f64,
    /// Most B-rep faces tessellated in one file (each solid once, whatever its copies).
    pub max_faces: usize,
    /// Most triangles in the placed mesh.
    pub max_triangles: usize,
    /// Most points on the edges of one solid.
    pub max_edge_points: usize,
    /// Most points of the parameter grid of one face.
    pub max_face_points: usize,
    /// How many times a face that would need more than `max_face_points` is tried again with a
    /// tolerance twice as coarse before the file is refused.
    pub max_relaxations: u32,
    /// Work units the tessellation of the whole file may spend (about one surface or curve
    /// evaluation each: see `work.rs`), counted rather than timed so that a file ends alike
    /// natively and in WebAssembly.
    pub max_work: u64,
}

impl Default for StepLimits {
    fn default() -> Self {
        StepLimits {
            relative_tolerance: 2e-4,
            assembly_share: 0.5,
            min_tolerance_mm: 1e-4,
            snap_fraction: 0.05,
            max_faces: 20_000,
            max_triangles: 4_000_000,
            max_edge_points: 1_000_000,
            max_face_points: 250_000,
            max_relaxations: 6,
            max_work: 100_000_000,
        }
    }
}

/// A STEP file read into one mesh, with what the reader found.
#[derive(Debug, Clone)]
pub struct StepRead {
    /// Every placed solid's triangles, in millimetres.
    pub mesh: Mesh,
    /// Placed solids (an assembly's copies counted).
    pub solids: usize,
    /// Distinct solids tessellated.
    pub distinct_solids: usize,
    /// Millimetres per length unit of the first representation (1 for mm, 25.4 for inch).
    pub unit_mm: f64,
    /// The faces meshed with a coarser tolerance than their solid's, to stay within the cap of
    /// points per face.
    pub relaxed_faces: Vec<RelaxedFace>,
    /// The work units the tessellation spent (see [`StepLimits::max_work`]).
    pub work: u64,
}

pub(crate) fn invalid(detail: String) -> QuoteError {
    QuoteError::StepInvalid { detail }
}

pub(crate) fn unsupported(what: String) -> QuoteError {
    QuoteError::StepUnsupported { what }
}

pub(crate) fn too_complex(detail: String) -> QuoteError {
    QuoteError::StepTooComplex { detail }
}

/// Reads a STEP file into a mesh in millimetres, with the default limits.
pub fn read_step(bytes: &[u8]) -> Result<Mesh, QuoteError> {
    read_step_with(bytes, &StepLimits::default()).map(|r| r.mesh)
}

/// Reads a STEP file with explicit limits and tolerances.
pub fn read_step_with(bytes: &[u8], limits: &StepLimits) -> Result<StepRead, QuoteError> {
    let (_, clean) = scan::prescan(bytes)?;
    let text = String::from_utf8_lossy(&clean);
    let mut exchange = ruststep::ast::Exchange {
        header: Vec::new(),
        anchor: Vec::new(),
        reference: Vec::new(),
        data: vec![parse_data(&text)?],
        signature: Vec::new(),
    };
    drop(text);
    drop(clean);
    // Conical surfaces' semi-angles are read in radians by truck: convert them when the file
    // measures plane angles in another unit (degrees).
    let (patch, no_ref, max_id) = {
        let model = model::Model::new(&exchange.data[0])?;
        (
            model.angle_unit_rad().map(|f| (f, model.conical_angles())),
            model.placements_without_usable_ref(),
            model.max_id(),
        )
    };
    if let Some((factor, cones)) = patch {
        patch_cone_angles(&mut exchange.data[0], factor, &cones);
    }
    if !no_ref.is_empty() {
        give_reference_direction(&mut exchange.data[0], &no_ref, max_id + 1);
    }
    prefer_curves_3d(&mut exchange.data[0]);
    order_complex_records(&mut exchange.data[0]);
    name_omitted_labels(&mut exchange.data[0]);
    let data = &exchange.data[0];
    let model = model::Model::new(data)?;
    let mut solids = model.solids()?;
    if solids.is_empty() {
        // AP242 tessellated geometry only: its triangles are the part, as OpenCascade reads it.
        solids = model.tessellated_solids();
    }
    if solids.is_empty() {
        return Err(no_solid(&model));
    }
    model.validate()?;
    let instances = model.instances(&solids)?;
    let unit_mm = instances.first().map_or(1.0, |i| i.unit_mm);

    // truck converts what the shells refer to, recursively: checked first for cycles and depth,
    // and only that is handed to it (not the file's other entities).
    let shells: Vec<u64> = solids.values().flat_map(|s| s.shells.clone()).collect();
    let table: Table = model
        .reachable_checked(&shells)?
        .into_iter()
        .filter_map(|id| model.entity(id))
        .collect();
    let mut budget = limits.max_faces;
    let mut work = work::Work::new(limits.max_work);
    let mut relaxed_faces = Vec::new();
    let mut meshes: BTreeMap<(u64, u64), tess::SolidMesh> = BTreeMap::new();
    let assembly = assembly_diagonal(&model, &solids, &instances);
    for inst in &instances {
        let key = (inst.solid, inst.unit_mm.to_bits());
        if meshes.contains_key(&key) {
            continue;
        }
        let m = if model.is_tessellated(inst.solid) {
            tess::tessellated_mesh(&model, inst.solid, inst.unit_mm, limits)?
        } else {
            tess::tessellate_solid(
                &model,
                &table,
                &solids[&inst.solid],
                inst.unit_mm,
                assembly,
                limits,
                &mut budget,
                &mut work,
                &mut relaxed_faces,
            )?
        };
        meshes.insert(key, m);
    }

    // Place every copy; vertices are welded by exact position, as every importer does.
    let total: usize = instances
        .iter()
        .map(|i| meshes[&(i.solid, i.unit_mm.to_bits())].triangles.len())
        .sum();
    if total > limits.max_triangles {
        return Err(too_complex(format!(
            "{} triangles une fois l'assemblage placé (limite\u{a0}: {})",
            crate::fr_int(total as u64),
            crate::fr_int(limits.max_triangles as u64)
        )));
    }
    let mut mesh = Mesh::default();
    mesh.triangles.reserve(total);
    let mut index: HashMap<[u64; 3], u32> = HashMap::new();
    for inst in &instances {
        let m = &meshes[&(inst.solid, inst.unit_mm.to_bits())];
        let flip = inst.place.mirrors();
        let ids: Vec<u32> = m
            .vertices
            .iter()
            .map(|&p| {
                let q = inst.place.apply(p);
                let key = q.map(|c| if c == 0.0 { 0u64 } else { c.to_bits() });
                *index.entry(key).or_insert_with(|| {
                    mesh.vertices.push(q);
                    (mesh.vertices.len() - 1) as u32
                })
            })
            .collect();
        for t in &m.triangles {
            let t = t.map(|i| ids[i as usize]);
            if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
                continue;
            }
            mesh.triangles
                .push(if flip { [t[0], t[2], t[1]] } else { t });
        }
    }
    for v in &mesh.vertices {
        for &c in v {
            if crate::import::check_coord(c).is_err() {
                return Err(invalid(
                    "une pièce placée sort des dimensions imprimables (plus d'un milliard de millimètres)"
                        .into(),
                ));
            }
        }
    }
    Ok(StepRead {
        mesh,
        solids: instances.len(),
        distinct_solids: meshes.len(),
        unit_mm,
        relaxed_faces,
        work: work.spent(),
    })
}

/// The diagonal, mm, of the box of every placed solid's vertices: the size the chord tolerance
/// is taken from (see [`StepLimits::relative_tolerance`]). 0 when no solid has a vertex.
fn assembly_diagonal(
    model: &model::Model<'_>,
    solids: &BTreeMap<u64, model::SolidRef>,
    instances: &[model::Instance],
) -> f64 {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for inst in instances {
        let Some(solid) = solids.get(&inst.solid) else {
            continue;
        };
        for &shell in &solid.shells {
            let Some((a, b)) = model.shell_vertex_box(shell) else {
                continue;
            };
            // The box's eight corners, placed.
            for i in 0..8 {
                let corner = [0, 1, 2].map(|k| if (i >> k) & 1 == 0 { a[k] } else { b[k] });
                let p = inst.place.apply(corner.map(|c| c * inst.unit_mm));
                for k in 0..3 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
        }
    }
    let d = [0, 1, 2].map(|k| hi[k] - lo[k]);
    let diag = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    if diag.is_finite() {
        diag
    } else {
        0.0
    }
}

/// Parses the DATA section statement by statement (the text comes from [`scan::prescan`]:
/// no comments, no blanks outside strings, one statement a line). A statement the parser does
/// not understand (an annotation written loosely, say) is skipped rather than failing the file:
/// if the geometry needed it, the dangling reference is refused later by name. A statement the
/// reader cannot reach (see [`prune`]) is not parsed: hundreds of thousands of points nothing
/// refers to cost a lexical pass, not the parser's tree.
fn parse_data(text: &str) -> Result<ruststep::ast::DataSection, QuoteError> {
    use nom_finish::parse_statement;
    let start = text
        .find("\nDATA;")
        .or_else(|| text.find("DATA;"))
        .ok_or_else(|| invalid("il n'a pas de section DATA".into()))?;
    let body = &text[start..];
    let body = &body[body.find("DATA;").map_or(0, |i| i + 5)..];
    let end = body.find("ENDSEC;").unwrap_or(body.len());
    let statements: Vec<&str> = body[..end]
        .split_inclusive(";\n")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    // Only what the reader can reach is parsed (see `prune`); the others count as read, as
    // they would have been.
    let kept = prune::keep(&statements);
    let tried = statements.len();
    let mut failed = 0usize;
    let mut entities = Vec::with_capacity(kept.count);
    for (stmt, _) in statements.iter().zip(&kept.keep).filter(|(_, &k)| k) {
        match parse_statement(&mark_empty_lists(stmt)) {
            Some(e) => entities.push(e),
            None => {
                #[cfg(test)]
                eprintln!("skipped: {stmt}");
                failed += 1
            }
        }
    }
    if tried == 0 || failed * 2 > tried {
        return Err(invalid(
            "sa section DATA ne suit pas la norme ISO 10303-21".into(),
        ));
    }
    Ok(ruststep::ast::DataSection {
        meta: Vec::new(),
        entities,
    })
}

mod nom_finish {
    use super::ruststep;

    /// One `#n=...;` statement, or None when the parser refuses it or leaves text over.
    pub fn parse_statement(stmt: &str) -> Option<ruststep::ast::EntityInstance> {
        match ruststep::parser::exchange::entity_instance(stmt) {
            Ok((rest, mut e)) if rest.trim().is_empty() => {
                super::unmark_empty_lists(&mut e);
                Some(e)
            }
            _ => None,
        }
    }
}

/// ruststep's parser refuses an empty list `()` (a face without bounds, a tessellated face
/// without fans): an empty list in a parameter's place is written `(*)` for the parser, and
/// [`unmark_empty_lists`] empties it again. `()` right after a keyword (`LENGTH_UNIT()`) and
/// inside strings is left alone. The text comes from [`scan::prescan`]: no blanks outside
/// strings.
fn mark_empty_lists(stmt: &str) -> std::borrow::Cow<'_, str> {
    if !stmt.contains("()") {
        return std::borrow::Cow::Borrowed(stmt);
    }
    let b = stmt.as_bytes();
    let mut out = String::with_capacity(stmt.len() + 8);
    let mut in_string = false;
    let mut last = 0;
    for i in 0..b.len() {
        match b[i] {
            b'\'' => in_string = !in_string,
            b'(' if !in_string
                && b.get(i + 1) == Some(&b')')
                && i > 0
                && matches!(b[i - 1], b',' | b'(') =>
            {
                out.push_str(&stmt[last..=i]);
                out.push('*');
                last = i + 1;
            }
            _ => {}
        }
    }
    out.push_str(&stmt[last..]);
    std::borrow::Cow::Owned(out)
}

/// Turns the lists `(*)` written by [`mark_empty_lists`] back into empty lists.
fn unmark_empty_lists(e: &mut ruststep::ast::EntityInstance) {
    use ruststep::ast::{EntityInstance, Parameter};
    fn walk(p: &mut Parameter, depth: usize) {
        match p {
            Parameter::List(v) if v.len() == 1 && matches!(v[0], Parameter::Omitted) => v.clear(),
            Parameter::List(v) if depth < 64 => v.iter_mut().for_each(|q| walk(q, depth + 1)),
            Parameter::Typed { parameter, .. } if depth < 64 => walk(parameter, depth + 1),
            _ => {}
        }
    }
    match e {
        EntityInstance::Simple { record, .. } => walk(&mut record.parameter, 0),
        EntityInstance::Complex { subsuper, .. } => {
            for r in &mut subsuper.0 {
                walk(&mut r.parameter, 0);
            }
        }
    }
}

/// The refusal of a file without solids, naming what it holds instead.
fn no_solid(model: &model::Model<'_>) -> QuoteError {
    let detail = if model.has("TESSELLATED_SOLID") || model.has("TESSELLATED_SHELL") {
        "il ne contient qu'une triangulation (géométrie tessellée AP242), sans solide B-rep"
    } else if model.has("SHELL_BASED_SURFACE_MODEL") || model.has("OPEN_SHELL") {
        "il ne contient que des surfaces, aucun solide fermé"
    } else if model.has("GEOMETRIC_CURVE_SET")
        || model.has("DRAUGHTING_MODEL")
        || model.has("PRESENTATION_VIEW")
    {
        "il ne contient qu'un dessin ou des courbes, aucun solide"
    } else if model.has("NEXT_ASSEMBLY_USAGE_OCCURRENCE") {
        "c'est un assemblage dont les pièces sont dans d'autres fichiers"
    } else {
        "il ne contient aucun solide"
    };
    QuoteError::StepNoSolid {
        detail: detail.into(),
    }
}

/// Gives the listed AXIS2_PLACEMENT_3D entities (axis along x, no reference direction) the
/// reference direction y, as a new DIRECTION entity numbered `new_id`.
fn give_reference_direction(data: &mut ruststep::ast::DataSection, ids: &[u64], new_id: u64) {
    use ruststep::ast::{EntityInstance, Name, Parameter, Record};
    for e in &mut data.entities {
        let EntityInstance::Simple { id, record } = e else {
            continue;
        };
        if record.name != "AXIS2_PLACEMENT_3D" || ids.binary_search(id).is_err() {
            continue;
        }
        if let Parameter::List(p) = &mut record.parameter {
            while p.len() < 4 {
                p.push(Parameter::NotProvided);
            }
            p[3] = Parameter::Ref(Name::Entity(new_id));
        }
    }
    data.entities.push(EntityInstance::Simple {
        id: new_id,
        record: Record {
            name: "DIRECTION".into(),
            parameter: Parameter::List(vec![
                Parameter::String(String::new()),
                Parameter::List(vec![
                    Parameter::Real(0.0),
                    Parameter::Real(1.0),
                    Parameter::Real(0.0),
                ]),
            ]),
        },
    });
}

/// Edges along a SURFACE_CURVE or SEAM_CURVE follow its 3D curve, as OpenCascade's do:
/// truck follows the curve the file prefers, and a curve on a surface (PCURVE) can evaluate to
/// NaN where its surface's rational weights vanish.
fn prefer_curves_3d(data: &mut ruststep::ast::DataSection) {
    use ruststep::ast::{EntityInstance, Parameter};
    for e in &mut data.entities {
        let EntityInstance::Simple { record, .. } = e else {
            continue;
        };
        if record.name != "SURFACE_CURVE" && record.name != "SEAM_CURVE" {
            continue;
        }
        if let Parameter::List(p) = &mut record.parameter {
            if let Some(Parameter::Enumeration(rep)) = p.get_mut(3) {
                if rep.starts_with("PCURVE") {
                    *rep = "CURVE_3D".into();
                }
            }
        }
    }
}

/// The records of every complex instance in alphabetical order, as ISO 10303-21 writes them
/// (`(BOUNDED_CURVE() B_SPLINE_CURVE(...) ... REPRESENTATION_ITEM(''))`): truck reads a rational
/// B-spline curve or surface only in that order, and an exporter that writes them in another
/// (USB4145-03-0230-C_REVA2.step: `(B_SPLINE_CURVE(...) B_SPLINE_CURVE_WITH_KNOTS(...)
/// RATIONAL_B_SPLINE_CURVE(...) BOUNDED_CURVE() ...)`) had its shell refused. The engine's own
/// model finds records by name, whatever their order.
fn order_complex_records(data: &mut ruststep::ast::DataSection) {
    use ruststep::ast::EntityInstance;
    for e in &mut data.entities {
        if let EntityInstance::Complex { subsuper, .. } = e {
            subsuper.0.sort_by(|a, b| a.name.cmp(&b.name));
        }
    }
}

/// Geometry and topology whose name (a label, the first attribute of every representation
/// item) is written `$` get the empty name: truck's conversion wants a string there and refused
/// the whole shell (`wrenchnut.stp`, written with `$` for every name). The name means nothing
/// to the geometry; OpenCascade reads such files.
fn name_omitted_labels(data: &mut ruststep::ast::DataSection) {
    use ruststep::ast::{EntityInstance, Parameter, Record};
    const ITEMS: [&str; 6] = [
        "CLOSED_SHELL",
        "OPEN_SHELL",
        "ORIENTED_CLOSED_SHELL",
        "MANIFOLD_SOLID_BREP",
        "BREP_WITH_VOIDS",
        "REPRESENTATION_ITEM",
    ];
    let patch = |record: &mut Record| {
        if !(prune::REACHED_ONLY.contains(&record.name.as_str())
            || ITEMS.contains(&record.name.as_str()))
        {
            return;
        }
        if let Parameter::List(p) = &mut record.parameter {
            if let Some(first @ Parameter::NotProvided) = p.first_mut() {
                *first = Parameter::String(String::new());
            }
        }
    };
    for e in &mut data.entities {
        match e {
            EntityInstance::Simple { record, .. } => patch(record),
            EntityInstance::Complex { subsuper, .. } => {
                // Only REPRESENTATION_ITEM carries the name in a complex instance.
                for r in subsuper
                    .0
                    .iter_mut()
                    .filter(|r| r.name == "REPRESENTATION_ITEM")
                {
                    patch(r);
                }
            }
        }
    }
}

/// Multiplies the semi-angle of the given CONICAL_SURFACE entities by `factor`.
fn patch_cone_angles(data: &mut ruststep::ast::DataSection, factor: f64, cones: &[u64]) {
    use ruststep::ast::{EntityInstance, Parameter};
    for e in &mut data.entities {
        let EntityInstance::Simple { id, record } = e else {
            continue;
        };
        if record.name != "CONICAL_SURFACE" || cones.binary_search(id).is_err() {
            continue;
        }
        if let Parameter::List(p) = &mut record.parameter {
            if let Some(Parameter::Real(a)) = p.get_mut(3) {
                *a *= factor;
            }
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_faces;
#[cfg(test)]
mod tests_seams;
#[cfg(test)]
mod tests_syntax;
#[cfg(test)]
mod tests_tolerance;
